"""Constructions of rounds in which no two players meet twice: resolvable designs with blocks of four,
and rounds found once by a search, or published, and stored. Each gives rounds on the points 0…v−1 (every point seated
once a round, tables of four); where two apply to v, the one with more rounds is used.

**Transversal design** (v = 4q, q a prime power of at least 4). Take the affine plane over GF(q) and four
of its vertical lines, x = 0, 1, 2, 3. Point j·q + y is (j, y). A non-vertical line y = k·x + t meets the
four verticals once each, a table, and the q lines of a slope k are a round. Two points of different
verticals lie on one common line, so they meet once at most; two of one vertical never meet in these q
rounds, and when 4 divides q one more round seats each vertical's points among themselves. For q = 4
this is the affine plane AG(2, 4): 16 players, 5 rounds, every pair meeting exactly once.

**Resolvable (3q+1, 4, 1) design** (v = 3q + 1, q ≡ 1 mod 4 a prime power: 16, 28, 40, 52, 76, 88, 112,
124, 148, 160, 184). Points are GF(q) × {0, 1, 2} and ∞ (the last point). With ω a primitive element,
m = (q−1)/4 and ε = ωᵐ (so ε² = −1), the first round is {(0,0), (0,1), (0,2), ∞} and, for i < m and
each j, {(ωⁱ, j), (−ωⁱ, j), (εωⁱ, j+1), (−εωⁱ, j+1)}; round g adds g to every first coordinate. Its q
rounds meet every pair exactly once: 28 players over 9 rounds, 40 over 13.

**Rotational rounds** (v = 48, in cycles of 12). Points c·12 + i (c < 4, i < 12) and the rotation σ
taking c·12 + i to c·12 + (i+1 mod 12). A base round, once rotated by σ⁰ … σ¹¹, gives 12 rounds; a pair
{x, y} meets in round k exactly when {σ⁻ᵏx, σ⁻ᵏy} sits at a table of the base round, so no pair meets
twice when the base round's 72 pairs lie in 72 different orbits of σ on pairs, each of length 12 (a
pair {c·12 + i, c·12 + i + 6} comes back after 6 rotations: the base round never seats it). This is the
cyclic (difference) method of design theory, as for difference families in the Handbook; the base round was found for
this project by a tabu search over base rounds (swaps between tables, the cost the pairs' orbits used
twice), and the tests check its 12 rounds pair by pair.

**Stored rounds** (v = 24, 6 rounds). Six tables of four over six rounds without a repeat exist (the
social golfer instance 6-4-6; these rounds are one), but the search of ``core.tournaments.grouping``
does not find them within the command's budget (it leaves 2 repeats). These rounds are the ones it
found given 7.2 million swaps, three times that budget, from the seed the command uses for 24 players
over 6 rounds; stored with the first round's players renumbered 0…23 and each round's tables sorted.
The tests check them pair by pair.

**Published rounds** (v = 32, 10 rounds): the social golfer instance 8-4-10, eight tables of four over ten
rounds without a repeat, long open and solved by A. Aguado (2004); the rounds stored are the solution as
printed in the Wolfram Demonstrations Project's "Social Golfer Problem" (E. W. Weisstein, after Aguado)
and collected in F. van Doorn's "Dagstuhl tables" literature notes, players A…P, a…p numbered 0…31, each
round's tables sorted. The transversal design over GF(8) gives 9 rounds. The tests check them pair by
pair.

Sources: C. J. Colbourn, J. H. Dinitz (eds.), *Handbook of Combinatorial Designs*, 2nd ed., 2007
(transversal designs from finite fields); T. Beth, D. Jungnickel, H. Lenz, *Design Theory*, 2nd ed.,
1999, vol. 1, VII.7.5 (the (3q+1, 4, 1) design).
"""

from __future__ import annotations

from core.tournaments.fields import finite_field, prime_power

SEATS = 4
Round = tuple[tuple[int, ...], ...]


def resolvable_rounds(points: int) -> tuple[Round, ...]:
    """The rounds of the construction with the most rounds for ``points`` points, or none."""
    constructions = (transversal_rounds, triple_plus_one_rounds, rotational_rounds, stored_rounds)
    return max((construction(points) for construction in constructions), key=len)


def transversal_rounds(points: int) -> tuple[Round, ...]:
    order, rest = divmod(points, SEATS)
    if rest or order < SEATS or prime_power(order) is None:
        return ()
    field = finite_field(order)
    verticals = range(SEATS)
    rounds = [
        tuple(
            tuple(j * order + field.add[field.mul[slope][j]][intercept] for j in verticals)
            for intercept in range(order)
        )
        for slope in range(order)
    ]
    if order % SEATS == 0:
        rounds.append(
            tuple(
                tuple(range(j * order + start, j * order + start + SEATS))
                for j in verticals
                for start in range(0, order, SEATS)
            )
        )
    return tuple(rounds)


def triple_plus_one_rounds(points: int) -> tuple[Round, ...]:
    order, rest = divmod(points - 1, 3)
    if rest or order % SEATS != 1 or prime_power(order) is None:
        return ()
    field = finite_field(order)
    omega = field.primitive()
    quarter = (order - 1) // SEATS
    epsilon = field.power(omega, quarter)
    infinity = points - 1
    first: list[list[tuple[int, int]]] = []
    for i in range(quarter):
        x = field.power(omega, i)
        y = field.mul[epsilon][x]
        for j in range(3):
            first.append([(x, j), (field.negative(x), j), (y, (j + 1) % 3), (field.negative(y), (j + 1) % 3)])
    return tuple(
        (
            (shift, order + shift, 2 * order + shift, infinity),
            *(tuple(j * order + field.add[x][shift] for x, j in block) for block in first),
        )
        for shift in range(order)
    )


CYCLE = 12
# The base round for 48 points (``rotational_rounds``): its 72 pairs lie in 72 different orbits of σ.
BASE_ROUNDS: dict[int, Round] = {
    48: (
        (14, 46, 28, 7),
        (47, 40, 36, 25),
        (8, 43, 27, 17),
        (16, 31, 3, 6),
        (9, 1, 13, 2),
        (33, 42, 34, 11),
        (38, 19, 41, 5),
        (45, 12, 4, 22),
        (10, 0, 44, 30),
        (32, 39, 37, 21),
        (26, 24, 20, 29),
        (35, 23, 15, 18),
    ),
}


def rotational_rounds(points: int) -> tuple[Round, ...]:
    base = BASE_ROUNDS.get(points)
    if base is None:
        return ()
    return tuple(
        tuple(tuple(point - point % CYCLE + (point + shift) % CYCLE for point in table) for table in base)
        for shift in range(CYCLE)
    )


STORED_ROUNDS: dict[int, tuple[Round, ...]] = {
    24: (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15), (16, 17, 18, 19), (20, 21, 22, 23)),
        ((0, 6, 9, 23), (1, 7, 15, 16), (2, 8, 18, 22), (3, 5, 12, 20), (4, 10, 13, 19), (11, 14, 17, 21)),
        ((0, 5, 14, 18), (1, 4, 8, 20), (2, 6, 11, 15), (3, 7, 19, 22), (9, 13, 16, 21), (10, 12, 17, 23)),
        ((0, 8, 12, 19), (1, 5, 9, 22), (2, 7, 10, 14), (3, 11, 16, 23), (4, 15, 18, 21), (6, 13, 17, 20)),
        ((0, 10, 15, 20), (1, 11, 12, 18), (2, 5, 19, 21), (3, 4, 9, 17), (6, 14, 16, 22), (7, 8, 13, 23)),
        ((0, 11, 13, 22), (1, 14, 19, 23), (2, 4, 12, 16), (3, 6, 10, 21), (5, 8, 15, 17), (7, 9, 18, 20)),
    ),
    32: (
        (
            (0, 1, 2, 3),
            (4, 5, 6, 7),
            (8, 9, 10, 11),
            (12, 13, 14, 15),
            (16, 17, 18, 19),
            (20, 21, 22, 23),
            (24, 25, 26, 27),
            (28, 29, 30, 31),
        ),
        (
            (0, 4, 8, 28),
            (1, 7, 18, 22),
            (2, 6, 17, 23),
            (3, 5, 10, 31),
            (9, 14, 27, 29),
            (11, 13, 25, 30),
            (12, 16, 20, 24),
            (15, 19, 21, 26),
        ),
        (
            (0, 21, 27, 30),
            (1, 23, 26, 28),
            (2, 9, 15, 20),
            (3, 6, 13, 24),
            (4, 18, 25, 31),
            (5, 11, 14, 16),
            (7, 10, 12, 17),
            (8, 19, 22, 29),
        ),
        (
            (0, 11, 18, 24),
            (1, 10, 19, 25),
            (2, 8, 16, 27),
            (3, 9, 17, 26),
            (4, 12, 23, 29),
            (5, 15, 22, 30),
            (6, 14, 21, 31),
            (7, 13, 20, 28),
        ),
        (
            (0, 10, 13, 22),
            (1, 4, 15, 27),
            (2, 21, 25, 28),
            (3, 7, 8, 30),
            (5, 9, 12, 18),
            (6, 16, 26, 29),
            (11, 17, 20, 31),
            (14, 19, 23, 24),
        ),
        (
            (0, 9, 23, 31),
            (1, 5, 24, 29),
            (2, 12, 19, 30),
            (3, 14, 18, 28),
            (4, 11, 22, 26),
            (6, 10, 20, 27),
            (7, 15, 16, 25),
            (8, 13, 17, 21),
        ),
        (
            (0, 5, 19, 20),
            (1, 6, 9, 30),
            (2, 7, 11, 29),
            (3, 4, 16, 21),
            (8, 12, 26, 31),
            (10, 15, 24, 28),
            (13, 18, 23, 27),
            (14, 17, 22, 25),
        ),
        (
            (0, 15, 17, 29),
            (1, 13, 16, 31),
            (2, 4, 10, 14),
            (3, 12, 22, 27),
            (5, 8, 23, 25),
            (6, 11, 19, 28),
            (7, 9, 21, 24),
            (18, 20, 26, 30),
        ),
        (
            (0, 6, 12, 25),
            (1, 8, 14, 20),
            (2, 5, 13, 26),
            (3, 11, 15, 23),
            (4, 17, 24, 30),
            (7, 19, 27, 31),
            (9, 16, 22, 28),
            (10, 18, 21, 29),
        ),
        (
            (0, 7, 14, 26),
            (1, 11, 12, 21),
            (2, 22, 24, 31),
            (3, 20, 25, 29),
            (4, 9, 13, 19),
            (5, 17, 27, 28),
            (6, 8, 15, 18),
            (10, 16, 23, 30),
        ),
    ),
}


def stored_rounds(points: int) -> tuple[Round, ...]:
    return STORED_ROUNDS.get(points, ())

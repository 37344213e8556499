"""The published constructions behind tournament seatings (``core.tournaments.designs``): finite fields
whose tables are fields, and rounds in which every point sits once a round and no two points meet twice."""

from __future__ import annotations

from itertools import combinations

import pytest

from core.tournaments.designs import resolvable_rounds, rotational_rounds, transversal_rounds, triple_plus_one_rounds
from core.tournaments.fields import finite_field, prime_power

PRIME_POWERS = [2, 3, 4, 5, 7, 8, 9, 13, 16, 25, 27, 32, 49, 61]


@pytest.mark.parametrize("order", PRIME_POWERS)
def test_a_finite_field_s_tables_are_a_field(order: int) -> None:
    field = finite_field(order)
    elements = range(order)
    for a in elements:
        assert sorted(field.add[a]) == list(elements)  # every a + x = b has one solution
        assert field.add[0][a] == a and field.mul[1][a] == a and field.mul[0][a] == 0
        if a:
            assert sorted(field.mul[a][1:]) == list(range(1, order))  # no zero divisors
    for a, b, c in combinations(elements, 3) if order <= 9 else []:
        assert field.mul[a][field.add[b][c]] == field.add[field.mul[a][b]][field.mul[a][c]]
        assert field.mul[field.mul[a][b]][c] == field.mul[a][field.mul[b][c]]
    powers = {field.power(field.primitive(), exponent) for exponent in range(order - 1)}
    assert powers == set(range(1, order))


def test_prime_powers_are_told_from_other_numbers() -> None:
    assert [number for number in range(2, 30) if prime_power(number)] == [
        *(2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29)
    ]
    assert prime_power(49) == (7, 2) and prime_power(1) is None
    with pytest.raises(ValueError, match="not a prime power"):
        finite_field(12)


def pairs_met(rounds: tuple[tuple[tuple[int, ...], ...], ...], points: int) -> set[tuple[int, int]]:
    met: set[tuple[int, int]] = set()
    for tables in rounds:
        assert sorted(point for table in tables for point in table) == list(range(points))
        assert all(len(table) == 4 for table in tables)
        for table in tables:
            pairs = set(combinations(sorted(table), 2))
            assert not pairs & met, "two points meet twice"
            met |= pairs
    return met


@pytest.mark.parametrize(
    ("points", "rounds"),
    [
        (16, 5),
        (20, 5),
        (28, 9),
        (32, 10),  # the published rounds of the social golfer instance 8-4-10
        (36, 9),
        (40, 13),
        (44, 11),
        (52, 17),
        (48, 12),
        (64, 17),
        (160, 53),
        (184, 61),
    ],
)
def test_the_constructions_seat_every_point_once_a_round_and_no_pair_twice(points: int, rounds: int) -> None:
    found = resolvable_rounds(points)
    assert len(found) == rounds
    met = pairs_met(found, points)
    if (points - 1) % 3 == 0 and rounds == (points - 1) // 3:  # a whole resolvable design: every pair meets
        assert len(met) == points * (points - 1) // 2


def test_forty_eight_points_rotate_one_base_round_into_twelve() -> None:
    """Round k is the base round with every point moved k places along its cycle of 12."""
    found = rotational_rounds(48)
    assert found[0] == resolvable_rounds(48)[0] and len(found) == 12
    moved = {(point // 12) * 12 + (point + 5) % 12 for point in found[0][0]}
    assert set(found[5][0]) == moved


def test_sixteen_points_make_the_affine_plane_either_way() -> None:
    assert len(transversal_rounds(16)) == len(triple_plus_one_rounds(16)) == 5


@pytest.mark.parametrize("points", [4, 8, 12, 56, 60, 7, 17, 200])
def test_no_construction_for_other_numbers(points: int) -> None:
    assert resolvable_rounds(points) == ()

"""Finite fields GF(q) of the small orders the schedules need (q a prime power below 70), as tables.

An element is an integer 0…q−1 read as a polynomial's coefficients in base p (q = p^k); addition is
coefficient-wise mod p and multiplication the polynomial product modulo the first monic irreducible
polynomial of degree k (smallest in the same base-p reading), so the same q always gives the same tables.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Field:
    """GF(q): ``add[a][b]`` and ``mul[a][b]`` for the elements 0…q−1 (0 and 1 being zero and one)."""

    order: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]

    def negative(self, element: int) -> int:
        return self.add[element].index(0)

    def primitive(self) -> int:
        """The smallest element whose powers are every non-zero element."""
        for candidate in range(2 if self.order > 2 else 1, self.order):
            power, seen = candidate, 1
            while power != 1:
                power = self.mul[power][candidate]
                seen += 1
            if seen == self.order - 1:
                return candidate
        raise AssertionError(f"GF({self.order}) has no primitive element")  # every finite field has one

    def power(self, element: int, exponent: int) -> int:
        result = 1
        for _ in range(exponent):
            result = self.mul[result][element]
        return result


def prime_power(number: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``p**k == number`` and p prime, or None."""
    for p in range(2, number + 1):
        if number % p == 0:
            k = 0
            while number % p == 0:
                number //= p
                k += 1
            return (p, k) if number == 1 else None
    return None


def finite_field(order: int) -> Field:
    """GF(order); ValueError unless ``order`` is a prime power."""
    found = prime_power(order)
    if found is None:
        raise ValueError(f"{order} is not a prime power")
    p, k = found
    modulus = _irreducible(p, k)
    elements = range(order)
    add = tuple(tuple(_from_digits(_add(_digits(a, p, k), _digits(b, p, k), p), p) for b in elements) for a in elements)
    mul = tuple(
        tuple(_from_digits(_multiply(_digits(a, p, k), _digits(b, p, k), modulus, p), p) for b in elements)
        for a in elements
    )
    return Field(order, add, mul)


# A polynomial is its coefficients, lowest degree first.


def _digits(value: int, p: int, length: int) -> list[int]:
    digits = []
    for _ in range(length):
        value, digit = divmod(value, p)
        digits.append(digit)
    return digits


def _from_digits(digits: list[int], p: int) -> int:
    value = 0
    for digit in reversed(digits):
        value = value * p + digit
    return value


def _add(a: list[int], b: list[int], p: int) -> list[int]:
    return [(x + y) % p for x, y in zip(a, b, strict=True)]


def _remainder(product: list[int], modulus: list[int], p: int) -> list[int]:
    """``product`` modulo the monic ``modulus``."""
    degree = len(modulus) - 1
    product = product[:]
    for top in range(len(product) - 1, degree - 1, -1):
        factor = product[top]
        if factor:
            for i, coefficient in enumerate(modulus):
                product[top - degree + i] = (product[top - degree + i] - factor * coefficient) % p
    return (product + [0] * degree)[:degree]


def _multiply(a: list[int], b: list[int], modulus: list[int], p: int) -> list[int]:
    product = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            product[i + j] = (product[i + j] + x * y) % p
    return _remainder(product, modulus, p)


def _irreducible(p: int, k: int) -> list[int]:
    """The first monic polynomial of degree k over GF(p) with no monic factor of degree 1…k//2."""
    for low in range(p**k):
        candidate = [*_digits(low, p, k), 1]
        if all(
            any(_remainder(candidate, [*_digits(other, p, degree), 1], p))
            for degree in range(1, k // 2 + 1)
            for other in range(p**degree)
        ):
            return candidate
    raise AssertionError(f"no irreducible polynomial of degree {k} over GF({p})")  # there always is one

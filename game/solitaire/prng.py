"""The project's own pseudo-random generator, so a published deal never changes between releases.

Library generators drift (Python's ``randrange`` changed between versions; GLib, .NET, Rust and Go all
have changed their streams), and a deal must come out identical for years. So the deal path uses only
this module: xoshiro128** (Blackman & Vigna, 2018; 32-bit words, easy to port to JavaScript), seeded
from SHA-256 of a byte string, with its own unbiased ``below(n)`` and its own Fisher–Yates shuffle.

``PRNG_VERSION`` is part of every seed string. Changing anything here (the generator, the seeding, the
rejection rule of ``below``, the shuffle order) changes deals: it needs a new version, and the golden
tests in ``tests/solitaire`` must keep passing for the old one.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

PRNG_VERSION = 1

_MASK32 = 0xFFFFFFFF
_T = TypeVar("_T")


def _rotl(value: int, shift: int) -> int:
    return ((value << shift) | (value >> (32 - shift))) & _MASK32


class Xoshiro128:
    """xoshiro128**: a 128-bit state of four 32-bit words; ``next_u32`` is the reference algorithm."""

    __slots__ = ("_s0", "_s1", "_s2", "_s3")

    def __init__(self, s0: int, s1: int, s2: int, s3: int) -> None:
        words = (s0, s1, s2, s3)
        if any(not 0 <= w <= _MASK32 for w in words):
            raise ValueError("xoshiro128** state words are 32-bit unsigned integers")
        if not any(words):
            raise ValueError("xoshiro128** state cannot be all zero")
        self._s0, self._s1, self._s2, self._s3 = words

    @classmethod
    def from_seed(cls, seed: bytes) -> Xoshiro128:
        """Seed from any byte string: the state is the first 16 bytes of its SHA-256, little-endian words.

        An all-zero state (probability 2^-128) would be a dead generator; the digest's next 16 bytes
        are used instead, and failing that the constant 1 word.
        """
        digest = hashlib.sha256(seed).digest()
        for start in (0, 16):
            words = [int.from_bytes(digest[start + 4 * i : start + 4 * i + 4], "little") for i in range(4)]
            if any(words):
                return cls(*words)
        return cls(1, 0, 0, 0)

    @property
    def state(self) -> tuple[int, int, int, int]:
        return (self._s0, self._s1, self._s2, self._s3)

    def next_u32(self) -> int:
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        result = (_rotl((s1 * 5) & _MASK32, 7) * 9) & _MASK32
        t = (s1 << 9) & _MASK32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 11)
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n <= 2**32``, without modulo bias.

        Rejection: draws below ``2**32 mod n`` are discarded, so the accepted range is a whole number
        of copies of ``[0, n)``; then the draw is reduced modulo ``n``.
        """
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"below(n) needs 1 <= n <= 2**32, not {n}")
        threshold = (1 << 32) % n
        while True:
            draw = self.next_u32()
            if draw >= threshold:
                return draw % n

    def shuffle(self, items: list[_T]) -> None:
        """Fisher–Yates, in place: for i from the last index down to 1, swap item i with item below(i + 1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

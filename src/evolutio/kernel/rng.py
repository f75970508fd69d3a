"""A small, fast, serialisable pseudo-random generator that lives inside a game state.

The generator is PCG32 (O'Neill, "PCG: A family of simple fast space-efficient statistically good algorithms for
random number generation", 2014): 64-bit LCG state, 32-bit XSH-RR output. Its whole state is two Python ints, so
``clone`` is a copy of two ints and ``to_json`` is exact. The same seed gives the same sequence on every platform.
"""

from __future__ import annotations

from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


#: bounds below this have their rejection threshold (``2**32 mod n``) in :data:`_THRESHOLDS`
_SMALL_BOUNDS = 256
_THRESHOLDS: tuple[int, ...] = (0, *((0x100000000 - n) % n for n in range(1, _SMALL_BOUNDS)))


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def mix64(value: int) -> int:
    """A 64-bit mixing function (splitmix64's finaliser): turns nearby integers into unrelated ones."""
    return _splitmix64(value & _MASK64)


def derive_seed(seed: int, *path: int) -> int:
    """A seed for game ``i`` (and seat ``j``…) derived deterministically from a master seed."""
    x = seed & _MASK64
    for p in path:
        x = _splitmix64(x ^ _splitmix64((p + 0x632BE59BD9B4E019) & _MASK64))
    return x >> 1  # keep it a positive 63-bit int


class Rng:
    """PCG32 generator. ``Rng(seed)`` accepts any int (negative and huge seeds are folded into 64 bits).

    ``pinned_dice`` holds die results fixed in advance (by a scenario's ``chance`` list): :meth:`die` returns them in
    order before it draws from the generator again, so a test can decide a roll without searching for a seed.
    """

    __slots__ = ("state", "inc", "pinned_dice")

    def __init__(self, seed: int = 0, stream: int = 54) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.inc = ((stream << 1) | 1) & _MASK64
        self.pinned_dice: tuple[int, ...] = ()
        self.state = 0
        self._step()
        self.state = (self.state + _splitmix64(seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + self.inc) & _MASK64

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if n == 1:
            return 0
        if n > 0xFFFFFFFF:
            bits = n.bit_length()
            while True:
                r = 0
                for _ in range((bits + 31) // 32):
                    r = (r << 32) | self.next_u32()
                r &= (1 << bits) - 1
                if r < n:
                    return r
        threshold = _THRESHOLDS[n] if n < _SMALL_BOUNDS else (0x100000000 - n) % n
        while True:
            # next_u32, inline (the random driver of every playout calls this once per decision)
            old = self.state
            self.state = (old * _MULT + self.inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if r >= threshold:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` (both ends included)."""
        return lo + self.randbelow(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        """A roll of a die with ``sides`` faces: the next pinned result if any (see :meth:`pin_dice`), else random."""
        pinned = self.pinned_dice
        if pinned:
            self.pinned_dice = pinned[1:]
            if not 1 <= pinned[0] <= sides:
                raise ValueError(f"pinned die result {pinned[0]} is not a face of a {sides}-sided die")
            return pinned[0]
        return 1 + self.randbelow(sides)

    def pin_dice(self, results: Sequence[int]) -> None:
        """Make the next die rolls return ``results`` (after any already pinned), in order."""
        self.pinned_dice = self.pinned_dice + tuple(results)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits."""
        # two draws of next_u32, inline (the search's rollout policies call this at most decisions)
        old = self.state
        middle = (old * _MULT + self.inc) & _MASK64
        self.state = (middle * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        a = (((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF) >> 5
        xorshifted = (((middle >> 18) ^ middle) >> 27) & 0xFFFFFFFF
        rot = middle >> 59
        b = (((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF) >> 6
        return (a * 67108864.0 + b) / 9007199254740992.0

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> "Rng":
        """A new independent generator seeded from this one (advances this one). Pinned results are not shared."""
        return Rng((self.next_u32() << 32) | self.next_u32(), stream=self.next_u32())

    def clone(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        r.inc = self.inc
        r.pinned_dice = self.pinned_dice
        return r

    def to_json(self) -> list[Any]:
        """``[state, increment]``, plus the list of pinned die results when there are any."""
        if self.pinned_dice:
            return [self.state, self.inc, list(self.pinned_dice)]
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: Any) -> "Rng":
        pinned: Any = data[2] if isinstance(data, (list, tuple)) and len(data) == 3 else []
        if (
            not isinstance(data, (list, tuple))
            or len(data) not in (2, 3)
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= _MASK64 for x in data[:2])
            or data[1] % 2 == 0
            or not isinstance(pinned, list)
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in pinned)
        ):
            raise ValueError(f"an rng state is [state, odd increment] of 64-bit ints (and optionally a list of "
                             f"pinned die results), got {data!r}")
        r = cls.__new__(cls)
        r.state, r.inc = int(data[0]), int(data[1])
        r.pinned_dice = tuple(pinned)
        return r

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Rng) and self.state == other.state and self.inc == other.inc
                and self.pinned_dice == other.pinned_dice)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, inc={self.inc:#x})"

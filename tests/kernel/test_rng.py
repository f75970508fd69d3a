import random

import pytest

from evolutio.kernel import Rng


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.next_u32() for _ in range(100)] == [b.next_u32() for _ in range(100)]


def test_different_seeds_differ():
    assert [Rng(1).next_u32() for _ in range(5)] != [Rng(2).next_u32() for _ in range(5)]


def test_known_values_are_stable_across_versions():
    # Games are stored as seed + actions, so the generator must never change silently.
    r = Rng(2026)
    assert [r.next_u32() for _ in range(3)] == [656200100, 2711210046, 1442037003]


def test_randbelow_range_and_uniformity():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(60000):
        v = r.randbelow(6)
        assert 0 <= v < 6
        counts[v] += 1
    assert all(9400 < c < 10600 for c in counts), counts


def test_randbelow_is_rejection_sampling_over_next_u32():
    # randbelow draws inline for speed; its values must stay those of the documented method (records replay on it)
    def by_next_u32(rng: Rng, n: int) -> int:
        threshold = (0x100000000 - n) % n
        while True:
            value = rng.next_u32()
            if value >= threshold:
                return value % n

    for bound in (2, 3, 6, 7, 100, 255, 256, 257, 1000, 3_000_000_000, 0xFFFFFFFF):
        fast, reference = Rng(bound), Rng(bound)
        assert [fast.randbelow(bound) for _ in range(300)] == [by_next_u32(reference, bound) for _ in range(300)]
        assert fast.to_json() == reference.to_json()


def test_randbelow_large_bound():
    r = Rng(3)
    big = (1 << 70) + 12345
    vals = [r.randbelow(big) for _ in range(200)]
    assert all(0 <= v < big for v in vals)
    assert max(vals) > (1 << 68)


def test_die_and_randint_bounds():
    r = Rng(5)
    assert {r.die() for _ in range(500)} == {1, 2, 3, 4, 5, 6}
    assert {r.randint(-2, 2) for _ in range(500)} == {-2, -1, 0, 1, 2}


def test_shuffle_is_a_permutation_and_deterministic():
    xs = list(range(50))
    a, b = list(xs), list(xs)
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b and sorted(a) == xs and a != xs


def test_clone_and_json_roundtrip_continue_identically():
    r = Rng(11)
    r.next_u32()
    c = r.clone()
    j = Rng.from_json(r.to_json())
    seq = [r.next_u32() for _ in range(10)]
    assert seq == [c.next_u32() for _ in range(10)] == [j.next_u32() for _ in range(10)]


@pytest.mark.parametrize("bad", [None, [1], [1, 2, 3], [1, 2], ["a", 3], [-1, 3], [1 << 64, 3]])
def test_from_json_rejects_bad_state(bad):
    with pytest.raises(ValueError, match="rng state"):
        Rng.from_json(bad)


def test_seed_must_be_int():
    with pytest.raises(TypeError):
        Rng("12")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Rng(True)  # type: ignore[arg-type]


def test_random_float_in_unit_interval():
    r = Rng(1)
    vals = [r.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in vals)
    assert 0.4 < sum(vals) / len(vals) < 0.6


def test_random_is_two_draws_of_next_u32_made_into_53_bits():
    drawn, reference = Rng(21), Rng(21)
    for _ in range(200):
        high, low = reference.next_u32() >> 5, reference.next_u32() >> 6
        assert drawn.random() == (high * 2.0 ** 26 + low) / 2.0 ** 53
    assert drawn.next_u32() == reference.next_u32()


def test_choice_empty_raises():
    with pytest.raises(IndexError):
        Rng(0).choice([])


def test_fork_is_deterministic_and_independent():
    a, b = Rng(4), Rng(4)
    fa, fb = a.fork(), b.fork()
    assert fa == fb and fa != a
    assert [fa.next_u32() for _ in range(3)] == [fb.next_u32() for _ in range(3)]


def test_not_python_random():
    # sanity: our generator is self-contained, unaffected by the global random module
    random.seed(0)
    x = Rng(5).next_u32()
    random.seed(1)
    assert Rng(5).next_u32() == x

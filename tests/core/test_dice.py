"""The counter-based dice: derived, reproducible, uniform enough, verifiable and scriptable."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from rules.core.dice import DiceCup, ScriptedRng, SeededRng, derive_die, seed_hash, verify_rolls
from rules.core.events import DiceRolled


def test_a_roll_is_hmac_of_the_seed_and_its_number():
    digest = hmac.new(b"s", (5).to_bytes(8, "big"), hashlib.sha256).digest()
    assert derive_die("s", 5, 6) == int.from_bytes(digest[:8], "big") % 6 + 1


def test_same_seed_same_rolls_other_seed_other_rolls():
    one = [derive_die("alpha", n, 6) for n in range(50)]
    assert one == [derive_die("alpha", n, 6) for n in range(50)]
    assert one != [derive_die("beta", n, 6) for n in range(50)]


def test_faces_are_all_used_evenly():
    counts = Counter(derive_die("fair", n, 6) for n in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < c < 10_600 for c in counts.values())  # > 6 standard deviations of slack


def test_the_published_hash_is_sha256_of_the_seed():
    assert seed_hash("abc") == hashlib.sha256(b"abc").hexdigest()


def test_cup_numbers_rolls_from_the_counter_and_logs_them():
    events: list = []
    cup = DiceCup(SeededRng("k"), 10, events)
    values = cup.roll(3, 6, 1, "attack")
    assert cup.count == 13 and events == [DiceRolled(1, "attack", 6, values, 10)]
    assert values == tuple(derive_die("k", n, 6) for n in (10, 11, 12))


def test_shuffle_is_one_verifiable_event():
    events: list = []
    order = DiceCup(SeededRng("deal"), 0, events).shuffle(range(10), None, "deal")
    assert sorted(order) == list(range(10)) and len(events) == 1 and events[0].countdown
    assert verify_rolls("deal", events) == []
    assert verify_rolls("other", events) != []


def test_verify_names_each_forged_roll():
    events: list = []
    DiceCup(SeededRng("v"), 0, events).roll(3, 6, 0, "attack")
    real = events[0]
    forged = DiceRolled(0, "attack", 6, tuple(7 - v for v in real.values), real.first)
    problems = verify_rolls("v", [forged])
    assert len(problems) == 1 and "roll 0 (attack)" in problems[0]


def test_scripted_dice_run_out_loudly_and_check_faces():
    rng = ScriptedRng([4, 7])
    assert rng.die(0, 6) == 4
    with pytest.raises(AssertionError, match="cannot show"):
        rng.die(1, 6)
    with pytest.raises(AssertionError, match="ran out"):
        rng.die(2, 6)

"""Legality is written once: at random positions of random games, the legal actions are exactly the candidates that
the top step's check allows, every other candidate is refused by that check with a reason in player terms (never the
generic "not one of the choices" fallback), and any other action tried is refused with a reason, changing nothing."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from evolutio.bots import RandomBot
from evolutio.kernel import Action, IllegalAction, load_game
from evolutio.kernel.flow import legal_by_check

from .conftest import feeding

#: the kernel's words for an action that is not even a candidate of the step on top
NOT_A_CHOICE = "not one of the choices now"
#: how many refused candidates per position go through the whole public refusal (the others through the check)
REFUSALS_PER_POSITION = 6
#: one position in this many is inspected (the check of every candidate is the slow part)
INSPECT_ONE_IN = 11


def inspect(state, rnd: random.Random, seen: Counter | None = None) -> None:
    """``seen`` (if given) counts the inspected candidates by kind and verdict: ``(kind, "legal" | reason)``."""
    step = state.step
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), f"{step.name}: duplicate legal actions"
    assert set(legal) == set(legal_by_check(step, state)), f"{step.name}: legal() differs from check()"
    refused = []
    for candidate in step.candidates(state):
        refusal = step.check(state, candidate)
        if candidate in legal:
            assert refusal is None
            if seen is not None:
                seen[candidate.kind, "legal"] += 1
            continue
        assert refusal is not None and refusal.reason, f"{step.name}: {candidate} has no refusal"
        if seen is not None:
            seen[candidate.kind, refusal.reason] += 1
        refused.append((candidate, refusal.reason))
    before = state.digest()
    for candidate, reason in rnd.sample(refused, min(REFUSALS_PER_POSITION, len(refused))):
        assert state.refusal(candidate).reason == reason
        message = state.explain_illegal(candidate)
        assert reason in message and NOT_A_CHOICE not in message
        try:
            state.apply(candidate)
        except IllegalAction as exc:
            assert reason in str(exc)
        else:
            raise AssertionError(f"{candidate} was applied though refused")
        assert state.digest() == before


def try_any_actions(state, schema, rnd: random.Random) -> None:
    """Actions drawn from the whole action encoding: each one not legal is refused with a reason."""
    legal = set(state.legal_actions())
    before = state.digest()
    for _ in range(4):
        action = schema.decode(rnd.randrange(schema.num_actions))
        if action in legal:
            continue
        assert state.refusal(action) is not None
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError(f"illegal {action} applied")
        assert state.digest() == before


def play_and_inspect(game, seed: int, seen: Counter | None = None) -> None:
    """A random game of ``game``: positions inspected (every interrupt, one development or feeding turn in
    :data:`INSPECT_ONE_IN`) and actions from the whole encoding tried at each."""
    schema = game.action_schema()
    state = game.new_state(seed)
    bot = RandomBot(seed)
    rnd = random.Random(seed)
    decisions = 0
    while not state.is_terminal:
        if decisions % INSPECT_ONE_IN == 0 or state.step.name not in ("development_turn", "feeding_turn"):
            inspect(state, rnd, seen)
        try_any_actions(state, schema, rnd)
        state.apply(bot.choose(state))
        decisions += 1


@settings(max_examples=4, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31 - 1))
def test_legal_actions_are_the_candidates_the_checks_allow(players, seed):
    play_and_inspect(load_game("origin", players=players, mimicry_unlimited=bool(seed & 1)), seed)


#: the seed of the gift-card game below (fixed: the test asserts that it reaches Voracious's refusals)
GIFT_SEED = 10


def test_the_gift_cards_actions_are_refused_by_the_same_checks():
    """With the gift cards (sets=gift): Voracious's own action kind, r-Strategy played on anyone's animal and Shy's
    protection go through the same property; a game reaches Voracious's refusals, and a set-up position (random
    games seldom attack a Shy animal twice in a turn) Shy's."""
    seen: Counter = Counter()
    play_and_inspect(load_game("origin", players=3, sets="gift"), GIFT_SEED, seen)
    # seat 1's Shy animal A10 survives seat 0's attack (Tail Loss); seat 2's Carnivore then chooses its target
    shy = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["shy", "tail_loss"]}, {"id": 11}],
                   [{"id": 20, "traits": ["carnivore"]}]], food_base=0, sets="gift")
    for action in (Action("attack", 0), Action("target", 10), Action("tail", shy.trait_cards[10][1]),
                   Action("pass"), Action("attack", 20)):
        shy.apply(action)
    inspect(shy, random.Random(0), seen)
    reasons = {reason for kind, reason in seen if kind == "voracious"}
    assert "legal" in reasons
    assert any("already taken its extra red token" in reason for reason in reasons)
    assert any("has no Voracious" in reason for reason in reasons)
    assert any("Shy and already survived an attack" in reason for kind, reason in seen if kind == "target")


def test_the_gift_cards_action_kind_belongs_to_the_games_with_gift_cards_only():
    base = load_game("origin", players=2).new_state(3)
    assert "'voracious' is not an action of this game" in base.explain_illegal(Action("voracious", 0))
    gift = load_game("origin", players=2, sets="gift").new_state(3)
    assert "(actions: pass, animal, trait)" in gift.explain_illegal(Action("voracious", 0))
    assert "102 is not a valid animal number (animal numbers are 0..101)" in gift.explain_illegal(
        Action("voracious", 102))
    feeding_turn = feeding([[{"id": 0}], [{"id": 10}]], food_base=3, sets="gift")
    assert "(actions: pass, take, attack, convert, pirate, tramp, hibernate, voracious)" in (
        feeding_turn.explain_illegal(Action("animal", 0)))


def test_malformed_actions_are_told_what_is_wrong():
    state = load_game("origin", players=2).new_state(3)
    for action, words in [(Action("bogus"), "not an action of this game"), (Action("pass", 1), "takes 0 argument"),
                          (Action("trait", 5, 2), "2 is not a valid face"),
                          (Action("animal", 84), "84 is not a valid hand slot (hand slots are 0..83)")]:
        assert words in state.explain_illegal(action)


def test_an_action_of_another_decision_is_told_what_is_asked_now():
    state = load_game("origin", players=2).new_state(3)
    message = state.explain_illegal(Action("take", 0))
    who = f"Player {state.current_player + 1}"
    assert NOT_A_CHOICE not in message and f"it is the development phase: {who} may only play" in message
    assert "(actions: pass, animal, trait)" in message


def test_with_ice_age_the_changed_needs_go_through_the_same_checks():
    """Ice Age adds no action kind, but its cards change needs, food bases, fat and traits between decisions: the
    legal actions stay exactly what the checks allow (sets=gift,ice_age)."""
    play_and_inspect(load_game("origin", players=4, sets="gift,ice_age"), 12)

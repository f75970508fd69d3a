"""Legality is written once: at every decision of random games, an action is legal exactly when the decision step's
own check allows it, and every refused action gets a specific reason in player terms (not the generic fallback)."""

from __future__ import annotations

from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from evolutio.bots import RandomBot
from evolutio.kernel import Action, IllegalAction, Rng, load_game

CONFIGS = st_.sampled_from([
    {"players": 2}, {"players": 4}, {"players": 3, "quick_play": True}, {"players": 4, "intelligence_any_time": True},
    {"players": 3, "warning_call_hu": True, "scavenger_on_meat": True}, {"players": 3, "variant": "cs4500"},
])
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: every so many decisions of a game, each plausible action is checked
CHECK_EVERY = 4
GENERIC = "that is not one of the choices now"
#: argument ranges that name a player's species: plausible values reach one past the longest row
SPECIES_ARGS = {"species", "attacker", "target"}


def plausible_actions(state, kinds) -> list[Action]:
    """The well-formed actions of ``kinds`` a player might try now: the decider's hand cards (and one card they do
    not hold), species up to one past the longest row, every player, defence, side, slot, effect and count."""
    schema = state.game.action_schema()
    seat = state.current_player
    view = state.view(seat)
    held = [card["id"] for card in view["players"][seat].get("hand", [])]
    cards = held + [next(c for c in range(schema.arg_sizes("food_card")[0]) if c not in held)]
    species = range(max(len(p["species"]) for p in view["players"]) + 1)
    out = []
    for kind in kinds:
        ranges = []
        for name, size in zip(schema.arg_names(kind), schema.arg_sizes(kind)):
            ranges.append(cards if name == "card" else species if name in SPECIES_ARGS else range(size))
        out += [Action(kind, *args) for args in product(*ranges)]
    return out


@SETTINGS
@given(options=CONFIGS, seed=st_.integers(0, 10_000))
def test_an_action_is_legal_exactly_when_the_steps_check_allows_it_and_refusals_are_specific(options, seed):
    state = load_game("northstar", **options).new_state(seed)
    state.log_events = False
    bot = RandomBot(seed=seed)
    decisions = 0
    while not state.is_terminal:
        step = state.step
        legal = set(state.legal_actions())
        if decisions % CHECK_EVERY == 0 and state.held is None:
            candidates = step.candidates(state)
            assert all(action in candidates and step.check(state, action) is None for action in legal)
            for action in plausible_actions(state, step.kinds(state)):
                refusal = step.check(state, action)
                assert (refusal is None) == (action in legal), (action, refusal, step)
                if refusal is not None:
                    assert state.refusal(action).reason == refusal.reason
                    assert refusal.reason and not refusal.reason.startswith(GENERIC), (action, refusal)
        state.apply(bot.choose(state))
        decisions += 1


def test_a_refused_action_raises_its_reason_and_changes_nothing():
    state = load_game("northstar", players=3).new_state(7)
    seat = state.current_player
    held = {card["id"] for card in state.view(seat)["players"][seat]["hand"]}
    stranger = next(c for c in range(100) if c not in held)
    before = state.digest()
    for action, reason in [
        (Action("food_card", stranger), "is not in your hand"),
        (Action("feed", 0), "feed is not possible in the select-food phase; now player"),
        (Action("store_fat", 0), "store_fat exists only in the cs4500 variant"),
        (Action("food_card", 10_000), "10000 is not a valid card for 'food_card'"),
    ]:
        try:
            state.apply(action)
        except IllegalAction as refused:
            assert reason in str(refused)
        else:
            raise AssertionError(f"{action} was applied")
    assert state.digest() == before


def test_every_refusal_of_a_random_position_names_a_rule_not_a_fallback():
    """Random actions of the current decision's kinds, legal or not, across whole games."""
    rng = Rng(5)
    game = load_game("northstar", players=4)
    for seed in range(3):
        state = game.new_state(seed)
        bot = RandomBot(seed=seed)
        while not state.is_terminal:
            step = state.step
            if state.held is None:
                kinds = step.kinds(state)
                schema = game.action_schema()
                kind = kinds[rng.randbelow(len(kinds))]
                action = Action(kind, *(rng.randbelow(min(size, 8)) for size in schema.arg_sizes(kind)))
                refusal = state.refusal(action)
                assert (refusal is None) == (action in state.legal_actions())
                assert refusal is None or not refusal.reason.startswith(GENERIC)
            state.apply(bot.choose(state))

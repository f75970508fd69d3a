"""One refusal mechanism for every ruleset on the decision stack (``FlowState.refusal``): across random games of each,
any well-formed action (decoded from the game's action schema) is refused exactly when it is not legal, with a reason,
without an exception; ``explain_illegal`` reads "<the action in words>: <reason>" in every game."""

from __future__ import annotations

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Action, IllegalAction, Rng, load_game
from evolutio.kernel.flow import FlowState

GAMES = ("origin", "northstar", "newworld", "evo")
#: each ruleset with its default options, plus origin with its expansions (their own steps and action kinds)
GAMES_AND_OPTIONS = [*((name, {}) for name in GAMES),
                     ("origin", {"sets": "continents,gift,ice_age"}),
                     ("origin", {"sets": "time_to_fly,continents,gift,ice_age"}),
                     ("origin", {"sets": "continents", "continents_without_locations": True})]
#: positions examined per game (every few decisions of a few random games) and actions tried at each
EVERY = 7
ACTIONS_PER_POSITION = 40


@pytest.mark.parametrize(("name", "options"), GAMES_AND_OPTIONS)
def test_any_well_formed_action_is_refused_exactly_when_it_is_not_legal(name: str, options: dict[str, object]) -> None:
    game = load_game(name, **options)
    schema = game.action_schema()
    rng = Rng(11)
    examined = refused = 0
    for seed in range(2):
        state = game.new_state(seed)
        assert isinstance(state, FlowState)
        bot = RandomBot(seed)
        decisions = 0
        while not state.is_terminal:
            if decisions % EVERY == 0:
                legal = state.legal_actions()
                tried = [*legal, *(schema.decode(rng.randbelow(schema.num_actions))
                                   for _ in range(ACTIONS_PER_POSITION))]
                for action in tried:
                    refusal = state.refusal(action)
                    assert (refusal is None) == (action in legal), (name, action, refusal)
                    if refusal is not None:
                        refused += 1
                        assert refusal.reason
                        assert state.explain_illegal(action) == f"{state.describe(action)}: {refusal.reason}"
                examined += 1
            state.apply(bot.choose(state))
            decisions += 1
    assert examined > 10 and refused > 100


@pytest.mark.parametrize("name", GAMES)
def test_an_action_that_is_no_action_of_the_game_is_told_so(name: str) -> None:
    state = load_game(name).new_state(1)
    before = state.digest()
    for action in (Action("no_such_kind"), Action(state.legal_actions()[0].kind, *state.legal_actions()[0].args, 0)):
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert str(refused.value).startswith(f"{state.describe(action)}: ")
    assert state.digest() == before

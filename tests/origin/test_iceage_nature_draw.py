"""The ``draw`` nature-change card (Ice Age, reconstructed; NOTES §11.2): the Warm Spell deals every player one card
at once, one at a time from this turn's first player, while the deck lasts."""

from __future__ import annotations

from .conftest import hand_size, scenario, table
from .iceage import ICE, effect_of


def warm_spell(deck_size: int, first: int = 1):
    return scenario({"phase": "extinction", "first_player": first, "deck_size": deck_size,
                     "players": [{"animals": [{"id": 0, "food": 1}]}, {"animals": [{"id": 5, "food": 1}]}],
                     "nature": {"deck": ["warm_spell"]}}, **ICE)


def test_the_warm_spell_deals_each_player_one_more_card():
    s = warm_spell(10)
    # the deal: 1 + 1 surviving animal each; then the Warm Spell: 1 each
    assert (hand_size(s, 0), hand_size(s, 1)) == (3, 3) and table(s)["deck_size"] == 10 - 6
    assert effect_of(s, "warm_spell")["kind"] == "draw"


def test_a_short_deck_serves_this_turns_first_player_first():
    s = warm_spell(5, first=1)
    # the deal takes 4 cards (2 each); the one card left goes to player 2, this turn's first player
    assert (hand_size(s, 0), hand_size(s, 1)) == (2, 3) and table(s)["deck_size"] == 0
    assert table(s)["last_turn"] is True

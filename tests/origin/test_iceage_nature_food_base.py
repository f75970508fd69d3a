"""Nature-change cards of the ``food_base`` family (Ice Age, reconstructed; NOTES §11.2): Drought and Short Summer
take red tokens from the next food base (never below 0), Thaw adds some. They act on the food base, not on animals,
so no trait ignores them."""

from __future__ import annotations

import pytest

from .conftest import table
from .iceage import FOOD_ROLL, at_food_roll, effect_of, user_file


@pytest.mark.parametrize(("card", "change"), [("drought", -3), ("short_summer", -2), ("thaw", 3)])
def test_the_next_food_base_changes_by_the_cards_amount(card, change):
    s = at_food_roll([{"animals": [{"id": 0, "traits": ["insulation"]}]},
                      {"animals": [{"id": 5, "traits": ["immunity"]}]}], card)
    assert table(s)["food_base"] == FOOD_ROLL + change
    assert effect_of(s, card)["text"].endswith(f"has {FOOD_ROLL + change} red tokens instead of {FOOD_ROLL}")


def test_the_food_base_never_goes_below_zero(tmp_path):
    def famine(data):
        data["cards"][10]["effect"]["amount"] = -6

    s = at_food_roll([{"animals": [{"id": 0}]}, {"animals": [{"id": 5}]}], "drought",
                     ice_age_file=user_file(tmp_path, famine))
    assert table(s)["food_base"] == 0

"""The ``lose_fat`` nature-change card (Ice Age, reconstructed; NOTES §11.2): the Icy Wind takes one yellow token from
every animal at once; an animal without fat loses nothing; Insulation ignores it (cold)."""

from __future__ import annotations

from .conftest import fat
from .iceage import at_extinction, effect_of


def test_the_icy_wind_takes_one_yellow_token_from_every_animal_that_has_one():
    s = at_extinction([{"animals": [{"id": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1, "fat": 2},
                                    {"id": 1, "traits": ["fat_tissue"], "food": 1, "fat": 0}]},
                       {"animals": [{"id": 5, "traits": ["fat_tissue", "insulation"], "food": 1, "fat": 1}]}],
                      ["icy_wind"])
    assert (fat(s, 0), fat(s, 1), fat(s, 5)) == (1, 0, 1)
    effect = effect_of(s, "icy_wind")
    assert effect["affected"] == [0] and effect["ignored"] == [5]

"""Each trait (19 base, 3 gift, 8 Continents, 2 Ice Age, 11 Time to Fly) is a data row plus its own module under
games/origin/traits/ (writing-a-game.md)."""

from pathlib import Path

from evolutio.games.origin import traits
from evolutio.kernel import load_game


def test_every_trait_row_has_its_module_and_every_module_a_row():
    package = Path(traits.__file__).parent
    modules = sorted(p.stem for p in package.glob("*.py") if not p.stem.startswith("_"))
    assert modules == sorted(traits.TRAIT_IDS)
    assert modules == traits.TRAIT_MODULES
    # the base set, the gift cards, Continents, Ice Age and Time to Fly (each expansion adds its own)
    assert {"carnivore", "shy", "herding", "neoplasia", "insulation", "immunity", "flight", "trematode"} <= set(
        traits.TRAIT_IDS)
    assert len(traits.TRAIT_IDS) == 19 + 3 + 8 + 2 + 11


def test_the_deck_and_hands_come_from_the_data():
    game = load_game("origin", players=3)
    state = game.new_state(5)
    view = state.view(None)
    base_cards = sum(kind["count"] for kind in traits.DATA["sets"]["base"])
    assert base_cards == 84 and traits.DATA["hand_size"] == 6
    assert view["deck_size"] + sum(p["hand_size"] for p in view["players"]) == base_cards
    assert all(p["hand_size"] == traits.DATA["hand_size"] for p in view["players"])

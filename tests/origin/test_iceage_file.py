"""Ice Age's data file (NOTES §11.2): the shipped reconstruction is valid and marked reconstructed; a user's file
(``-o ice_age_file=PATH``) replaces it without code changes, and a bad one is refused with the JSON path of the
fault."""

from __future__ import annotations

import re

import pytest

from evolutio.cli.main import main
from evolutio.games.origin.card_data import ICE_AGE_DATA
from evolutio.kernel import OptionError, load_game

from .conftest import table
from .iceage import ICE, at_food_roll, user_file


def test_the_shipped_file_is_the_reconstruction_section_11_2_asks_for():
    assert ICE_AGE_DATA["reconstructed"] is True and ICE_AGE_DATA["source"] == "project reconstruction"
    cards = ICE_AGE_DATA["cards"]
    assert len(cards) == 14
    assert all(c["reconstructed"] is True and c["source"] == "project reconstruction" for c in cards)
    tags = [set(c["tags"]) for c in cards]
    assert 5 <= sum("cold" in t for t in tags) <= 6 and 3 <= sum("disease" in t for t in tags) <= 4
    assert 2 <= sum(c["effect"]["kind"] == "food_base" and c["effect"]["amount"] < 0 for c in cards) <= 3
    assert 1 <= sum("bounty" in t for t in tags) <= 2
    assert sum(kind["count"] for kind in ICE_AGE_DATA["trait_cards"]) == 8
    assert ICE_AGE_DATA["traits"]["insulation"]["ignores_tags"] == ["cold"]
    assert ICE_AGE_DATA["traits"]["immunity"]["ignores_tags"] == ["disease"]


def _set(path: str, value):
    """A change to the data: ``path`` like ``cards.3.effect.kind``; value ``...`` deletes the field."""
    def change(data):
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        node = data
        for key in parents:
            node = node[key]
        if value is ...:
            del node[last]
        else:
            node[last] = value
    return change


BAD = [
    ("cards.3.effect.kind", "frezze",
     "ice_age_file: cards[3].effect.kind: unknown effect 'frezze' (known: discard_trait, draw, food_base, lose_fat, "
     "need)"),
    ("cards.0.when", "tomorrow",
     "ice_age_file: cards[0].when: unknown timing 'tomorrow' (known: immediate, next_food_base, next_feeding, "
     "next_extinction)"),
    ("cards.0.when", "immediate", "ice_age_file: cards[0].when: a 'need' effect acts 'next_feeding', not 'immediate'"),
    ("cards.10.effect.amount", 9, "ice_age_file: cards[10].effect.amount: must be a whole number from -6 to 6, got 9"),
    ("cards.10.effect.amount", 0, "ice_age_file: cards[10].effect.amount: must not be 0"),
    ("cards.2.effect.filter.has_any.0", "swiming", "ice_age_file: cards[2].effect.filter.has_any[0]: unknown trait "
     "'swiming' (known: carnivore, "),
    ("cards.2.effect.filter.wet", True, "ice_age_file: cards[2].effect.filter.wet: unknown field (known: has, has_any, "
     "lacks, max_traits, min_traits)"),
    ("cards.10.effect.filter", {}, "ice_age_file: cards[10].effect.filter: a 'food_base' effect acts on players, not "
     "on animals: it takes no filter"),
    ("cards.5.reconstructed", ..., "ice_age_file: cards[5]: missing field 'reconstructed'"),
    ("cards.5.reconstructed", "yes", "ice_age_file: cards[5].reconstructed: must be true or false, got 'yes'"),
    ("cards.6.id", "icy_wind", "ice_age_file: cards[6].id: 'icy_wind' is also the id of cards[1]"),
    ("cards", [], "ice_age_file: cards: 0 nature-change cards; a file has 1 to 40 (Ice Age: 14)"),
    ("trait_cards.0.traits.0", "carnivore", "ice_age_file: trait_cards[0].traits[0]: not an Ice Age trait 'carnivore' "
     "(known: immunity, insulation)"),
    ("trait_cards.0.count", 17, "ice_age_file: trait_cards[0].count: must be a whole number from 1 to 16, got 17"),
    ("traits.immunity", ..., "ice_age_file: traits: missing field 'immunity'"),
    ("traits.insulation.en", "Fur", "ice_age_file: traits.insulation.en: the trait's name is fixed ('Insulation'); a "
     "file changes its text and tags"),
    ("reconstructed", ..., "ice_age_file: missing field 'reconstructed'"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD, ids=[f"{p}={v!r}" for p, v, _ in BAD])
def test_a_bad_file_is_refused_naming_the_json_path(tmp_path, path, value, message):
    bad = user_file(tmp_path, _set(path, value))
    with pytest.raises(OptionError, match="^" + re.escape(message)):
        load_game("origin", players=2, ice_age_file=bad, **ICE)


def test_an_unreadable_or_malformed_file_is_refused(tmp_path):
    with pytest.raises(OptionError, match=r"^ice_age_file: cannot read '.*nope\.json': No such file or directory$"):
        load_game("origin", players=2, ice_age_file=str(tmp_path / "nope.json"), **ICE)
    broken = tmp_path / "broken.json"
    broken.write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(OptionError, match=r"^ice_age_file: '.*broken\.json' is not valid JSON: line 1 column 12: "):
        load_game("origin", players=2, ice_age_file=str(broken), **ICE)


def test_the_cli_prints_the_refusal(tmp_path, capsys):
    bad = user_file(tmp_path, _set("cards.3.effect.kind", "frezze"))
    assert main(["simulate", "origin", "-o", "sets=ice_age", "-o", f"ice_age_file={bad}", "--games", "1"]) == 2
    assert "error: ice_age_file: cards[3].effect.kind: unknown effect 'frezze'" in capsys.readouterr().err


def test_a_users_file_with_the_real_texts_replaces_the_reconstruction(tmp_path):
    def real(data):
        data["reconstructed"] = False
        for card in data["cards"]:
            card["reconstructed"] = False
            card["source"] = "my printed cards"
        data["cards"][4]["text"] = "My card's printed text."
        data["trait_cards"] = [{"traits": ["insulation"], "count": 5}, {"traits": ["immunity"], "count": 3}]
        for row in data["traits"].values():
            row["reconstructed"] = False

    path = user_file(tmp_path, real)
    game = load_game("origin", players=2, ice_age_file=path, **ICE)
    assert game.options_json()["ice_age_file"] == path
    state = game.new_state(2)
    assert [state.card_info(c)["traits"] for c in range(84, 92)].count(["insulation"]) == 5
    assert "reconstructed" not in state.card_info(84)
    s = at_food_roll([{"animals": [{"id": 0}]}, {"animals": [{"id": 5}]}], "polar_night", ice_age_file=path)
    nature = table(s)["nature"]
    assert nature["reconstructed"] is False and nature["revealed"]["reconstructed"] is False
    assert nature["revealed"]["text"] == "My card's printed text." and nature["file"] == path


def test_the_worked_example_of_docs_origin_md_loads_and_plays(tmp_path):
    from pathlib import Path

    from evolutio.bots import RandomBot

    text = (Path(__file__).resolve().parents[2] / "docs" / "origin.md").read_text(encoding="utf-8")
    section = text[text.index("### The file format, and your own file"):]
    example = re.search(r"```json\n(.*?)```", section, re.S)
    assert example is not None
    path = tmp_path / "home-made.json"
    path.write_text(example.group(1), encoding="utf-8")
    game = load_game("origin", players=3, ice_age_file=str(path), **ICE)
    assert [c.id for c in game.ice_age.cards] == ["hard_frost", "dry_spell"]
    state = game.new_state(4)
    bot = RandomBot(4)
    while not state.is_terminal:
        state.apply(bot.choose(state))
    assert state.turn_number > 2

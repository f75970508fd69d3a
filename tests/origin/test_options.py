"""The rules options of NOTES.md §12's table: listed by `evolutio games`, checked against each other, and invisible
in the records of base games (their digests must not change)."""

from __future__ import annotations

import json

import pytest

from evolutio.cli.main import main
from evolutio.kernel import load_game
from evolutio.kernel.errors import OptionError

#: the option names of NOTES.md §12 ("Rules options named in this document"); ``deck`` is today's name of base_deck
SECTION_12_OPTIONS = ("base_deck", "sets", "half_deck", "halve_each_kind", "continents_start_hand",
                      "continents_without_locations", "mimicry_unlimited", "synthesis_every_feeding_turn",
                      "metamorphosis_once_per_turn", "paired_scores_per_animal", "tiebreak_dice")
#: the options a base-game record carried before the expansions existed
BASE_GAME_RECORD_OPTIONS = {"players", "deck", "mimicry_unlimited", "paired_scores_per_animal", "tiebreak_dice"}


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_evolutio_games_lists_every_option_of_section_12(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    listed = {o["name"]: o for o in json.loads(out)["origin"]["options"]}
    for name in (*SECTION_12_OPTIONS, "deck"):
        assert name in listed, name
    assert listed["sets"]["choices"] == ["base", "time_to_fly", "continents", "gift", "ice_age"]
    assert listed["continents_start_hand"]["default"] == 10
    code, out, _ = run(capsys, "games")
    assert code == 0 and "halve_each_kind" in out and "synthesis_every_feeding_turn" in out


def test_default_options_are_todays_base_game_and_records_carry_only_the_old_options():
    game = load_game("origin", players=3)
    assert set(game.options_json()) == BASE_GAME_RECORD_OPTIONS
    assert game.options["sets"] == ("base",)
    view = game.new_state(5).view(None)
    assert view["deck_size"] + sum(p["hand_size"] for p in view["players"]) == 84


def test_base_deck_is_an_alias_of_deck():
    by_alias = load_game("origin", players=2, base_deck="edition2")
    by_name = load_game("origin", players=2, deck="edition2")
    assert by_alias.options["deck"] == "edition2" and by_alias.options_json() == by_name.options_json()
    assert "base_deck" not in by_alias.options_json()
    assert by_alias.new_state(3).digest() == by_name.new_state(3).digest()
    assert load_game("origin", players=2, deck="edition2", base_deck="edition2").options["deck"] == "edition2"
    with pytest.raises(OptionError, match="'deck' and 'base_deck' .* disagree: 'default' vs 'edition2'"):
        load_game("origin", players=2, deck="default", base_deck="edition2")
    with pytest.raises(OptionError, match="option 'base_deck' of origin must be one of default, edition2"):
        load_game("origin", players=2, base_deck="edition3")


def test_sets_always_hold_base_and_refuse_unknown_names():
    assert load_game("origin", players=2, sets="base").options["sets"] == ("base",)
    with pytest.raises(OptionError, match="unknown value.*flying"):
        load_game("origin", players=2, sets="base,flying")
    with pytest.raises(OptionError, match="lists a value twice"):
        load_game("origin", players=2, sets="base,base")


def test_ice_age_is_playable_with_its_reconstructed_data():
    game = load_game("origin", players=2, sets="ice_age")
    assert game.deck_list.size == 84 + 8
    assert game.new_state(1).view(None)["nature"]["reconstructed"] is True


@pytest.mark.parametrize(("option", "value", "expansion"), [
    ("halve_each_kind", "on", "continents"),
    ("continents_start_hand", "6", "continents"),
    ("continents_without_locations", "on", "continents"),
    ("synthesis_every_feeding_turn", "on", "time_to_fly"),
    ("metamorphosis_once_per_turn", "on", "time_to_fly"),
    ("ice_age_file", "mine.json", "ice_age"),
])
def test_an_expansion_option_without_its_expansion_is_refused(option, value, expansion):
    with pytest.raises(OptionError, match=f"option '{option}' of origin applies only with the {expansion} "
                                          f"expansion: add it to sets"):
        load_game("origin", players=2, **{option: value})


def test_continents_start_hand_is_ten_or_six():
    with pytest.raises(OptionError, match="continents_start_hand' of origin must be between 6 and 10, got 12"):
        load_game("origin", players=2, continents_start_hand=12)
    with pytest.raises(OptionError, match="must be 10 or 6, got 8"):
        load_game("origin", players=2, continents_start_hand=8)


def test_half_deck_needs_an_expansion(capsys):
    with pytest.raises(OptionError, match="'half_deck' of origin applies only when sets mixes in an expansion"):
        load_game("origin", players=2, half_deck=True)
    code, out, err = run(capsys, "simulate", "origin", "-o", "half_deck=on", "--games", "1")
    assert code != 0 and "half_deck" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_an_expansion_whose_traits_have_no_rules_yet_is_refused_naming_them(monkeypatch):
    from evolutio.games.origin import deck

    monkeypatch.delitem(deck.TRAIT_NUM, "herding")   # as if Herding had no rules module
    monkeypatch.delitem(deck.TRAIT_NUM, "remora")
    with pytest.raises(OptionError, match="continents cannot be played yet: its traits herding, remora have no rules"):
        load_game("origin", players=2, sets="continents")

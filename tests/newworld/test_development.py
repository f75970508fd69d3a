"""Development (rulings 5–15): who may receive a trait, duplicates, pairs, Stagnation, Scavenger with Carnivore,
rearranging the row."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import hand_card, play, scenario, traits_of

OPPONENT_ANIMAL = 1


def development(hand: list[str], own: list[dict], other: list[dict] | None = None, links: list | None = None):
    return scenario([{"hand": hand, "animals": own, "links": links or []},
                     {"hand": ["carnivorous"], "animals": other if other is not None else [{}]}])


def test_beneficial_trait_only_on_own_animals_ruling_8():
    state = development(["camouflage"], [{}])
    card, side = hand_card(state, 0, "camouflage")
    assert Action("play_trait", card, side, 0) in state.legal_actions()
    assert "own animals" in state.refusal(Action("play_trait", card, side, OPPONENT_ANIMAL)).reason


def test_parasite_only_on_opponents_stagnation_anywhere_ruling_9():
    state = development(["parasite", "stagnation"], [{}])
    parasite, parasite_side = hand_card(state, 0, "parasite")
    stagnation, stagnation_side = hand_card(state, 0, "stagnation")
    legal = state.legal_actions()
    assert Action("play_trait", parasite, parasite_side, OPPONENT_ANIMAL) in legal
    assert Action("play_trait", parasite, parasite_side, 0) not in legal
    assert Action("play_trait", stagnation, stagnation_side, 0) in legal
    assert Action("play_trait", stagnation, stagnation_side, OPPONENT_ANIMAL) in legal


def test_no_duplicates_except_fat_tissue_ruling_10():
    state = development(["camouflage", "fat_tissue"], [{"traits": ["camouflage", "fat_tissue"]}])
    camouflage, side = hand_card(state, 0, "camouflage")
    assert "already has" in state.refusal(Action("play_trait", camouflage, side, 0)).reason
    fat, fat_side = hand_card(state, 0, "fat_tissue")
    assert Action("play_trait", fat, fat_side, 0) in state.legal_actions()


def test_stagnation_locks_its_animal_ruling_15():
    state = development(["camouflage"], [{"traits": ["stagnation"]}])
    card, side = hand_card(state, 0, "camouflage")
    assert "Stagnation" in state.refusal(Action("play_trait", card, side, 0)).reason


def test_scavenger_and_carnivore_never_share_an_animal_ruling_15():
    state = development(["scavenger", "carnivorous"], [{"traits": ["carnivorous"]}, {"traits": ["scavenger"]}])
    scavenger, scavenger_side = hand_card(state, 0, "scavenger")
    carnivore, carnivore_side = hand_card(state, 0, "carnivorous")
    assert "cannot share" in state.refusal(Action("play_trait", scavenger, scavenger_side, 0)).reason
    assert "cannot share" in state.refusal(Action("play_trait", carnivore, carnivore_side, 1)).reason


def test_paired_traits_one_link_per_neighbour_pair_ruling_11_12():
    state = development(["cooperation", "communication"], [{}, {}, {}],
                        links=[{"trait": "cooperation", "animals": [0, 1]}])
    cooperation, side = hand_card(state, 0, "cooperation")
    assert "already linked" in state.refusal(Action("play_paired", cooperation, side, 0, 0)).reason
    play(state, Action("play_paired", cooperation, side, 1, 0))
    assert traits_of(state, 1) == ["cooperation", "cooperation"]


def test_paired_trait_needs_a_neighbour():
    state = development(["communication"], [{}])
    card, side = hand_card(state, 0, "communication")
    assert "no neighbour" in state.refusal(Action("play_paired", card, side, 0, 0)).reason


def test_rearranging_keeps_linked_blocks_together_ruling_13():
    state = development(["camouflage"], [{}, {}, {}], links=[{"trait": "symbiosis", "animals": [0, 1]}])
    moves = {action for action in state.legal_actions() if action.kind in ("move", "reverse")}
    assert moves == {Action("move", 0, 1), Action("move", 2, 0), Action("reverse", 0)}
    play(state, Action("move", 2, 0))
    assert [entry["animal"] for entry in state.view(None)["players"][0]["animals"]] == [2, 0, 1]
    assert state.current_player == 0


def test_several_rearrangements_in_one_turn_reach_any_order_rulebook_development():
    """The rulebook: the row may be reordered at any time of the development phase (linked animals together)."""
    state = development(["camouflage"], [{}, {}, {}], links=[{"trait": "symbiosis", "animals": [0, 1]}])
    play(state, Action("move", 2, 0), Action("reverse", 0), Action("move", 2, 1))
    assert [entry["animal"] for entry in state.view(None)["players"][0]["animals"]] == [1, 0, 2]
    assert state.current_player == 0  # still the same turn: the card is yet to come
    assert not {action.kind for action in state.legal_actions()} & {"move", "reverse"}  # as many as animals: 3
    assert "play_trait" in {action.kind for action in state.legal_actions()}


def test_passing_is_permanent_and_the_phase_ends_when_all_pass_ruling_5():
    state = development(["camouflage"], [{}])
    play(state, Action("pass"))
    assert state.current_player == 1
    card = state.view(1)["players"][1]["hand"][0]["card"]
    play(state, Action("play_animal", card))
    assert state.view(None)["phase"] == "feeding"  # seat 1 had no more cards; seat 0 had passed

"""Ambush (Time to Fly, NOTES §9.2 ambush, rulings 49, 76): a red-token take may be attacked by another player's
Ambush carnivore; the token stays in the base while the ambush resolves and goes to the taker only if it survived."""

from __future__ import annotations

import json

from evolutio.kernel import Action

from .conftest import acts, alive, animal, feeding, food, trait_card

TTF = {"sets": "time_to_fly"}
AMBUSHER = {"id": 10, "traits": ["carnivore", "ambush"]}


def test_a_take_is_offered_to_the_ambusher_and_the_eaten_takers_token_stays_ruling_49():
    s = feeding([[{"id": 0}, {"id": 1}], [AMBUSHER]], food_base=3, **TTF)
    s.apply(Action("take", 0))
    assert s.current_player == 1 and s.view(None)["decision"]["kind"] == "ambush"
    assert s.view(None)["decision"]["taker"] == 0
    assert set(s.legal_actions()) == {Action("ambush", 10), Action("pass")}
    s.apply(Action("ambush", 10))
    assert not alive(s, 0)
    assert s.view(None)["food_base"] == 3   # the red token never left the base
    assert food(s, 10) == 2


def test_declining_lets_the_taker_have_its_token():
    s = feeding([[{"id": 0}, {"id": 1}], [AMBUSHER]], food_base=3, **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("pass"))
    assert food(s, 0) == 1 and s.view(None)["food_base"] == 2


def test_the_takers_own_ambusher_is_not_offered_ruling_76():
    s = feeding([[{"id": 0}, {"id": 1, "traits": ["carnivore", "ambush"]}], [{"id": 10}]], food_base=3, **TTF)
    s.apply(Action("take", 0))
    assert food(s, 0) == 1 and s.view(None)["decision"]["kind"] != "ambush"


def test_burrowing_does_not_protect_against_an_ambush_ruling_49():
    # A0 is Burrowing and fed already (1 food, need 1), and takes into its Fat Tissue: the Ambush still reaches it
    s = feeding([[{"id": 0, "traits": ["burrowing", "fat_tissue"], "food": 1}, {"id": 1}], [AMBUSHER]], food_base=3,
                **TTF)
    s.apply(Action("take", 0))
    assert Action("ambush", 10) in s.legal_actions()
    s.apply(Action("ambush", 10))
    assert not alive(s, 0)


def test_a_shell_cannot_be_used_against_an_ambush_ruling_49():
    s = feeding([[{"id": 0, "traits": ["shell", "tail_loss"]}, {"id": 1}], [AMBUSHER]], food_base=3, **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("ambush", 10))
    assert Action("hide") not in s.legal_actions()
    assert "cannot hide in its Shell" in s.refusal(Action("hide")).reason


def test_ambush_vs_running_an_escaped_taker_gets_its_token():
    s = feeding([[{"id": 0, "traits": ["running"]}, {"id": 1}], [AMBUSHER]], food_base=3, dice=[5], **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("ambush", 10))
    s.apply(Action("run"))
    assert alive(s, 0) and food(s, 0) == 1 and food(s, 10) == 0
    assert s.view(None)["food_base"] == 2


def test_ambush_vs_tail_loss_the_survivor_gets_its_token_and_the_ambusher_one_blue():
    s = feeding([[{"id": 0, "traits": ["tail_loss", "running"]}, {"id": 1}], [AMBUSHER]], food_base=3, dice=[2],
                **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("ambush", 10))
    s.apply(Action("run"))   # 2: no escape
    s.apply(Action("tail", trait_card(s, 0, "running")))
    assert alive(s, 0) and food(s, 0) == 1 and food(s, 10) == 1
    assert s.view(None)["food_base"] == 2


def test_the_ambush_is_the_carnivores_attack_of_the_turn_and_its_players_of_the_round_ruling_76():
    s = feeding([[{"id": 0}, {"id": 1}], [AMBUSHER, {"id": 11, "traits": ["carnivore"]}]], food_base=5, **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("ambush", 10))
    assert animal(s, 10)["attacked_this_turn"]
    # seat 1's own feeding turn in the same round: no Carnivore of seat 1 may attack
    assert s.current_player == 1 and acts(s, "attack") == []
    assert "already attacked in this feeding round" in s.refusal(Action("attack", 11)).reason


def test_a_communication_take_can_be_ambushed():
    s = feeding([[{"id": 0}, {"id": 1}, {"id": 2}], [AMBUSHER]], food_base=5,
                pairs=[{"trait": "communication", "animals": [0, 1]}], **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("pass"))                     # no ambush on A0's take
    assert s.view(None)["decision"]["taker"] == 1   # A1's Communication token is a take too
    s.apply(Action("ambush", 10))
    assert not alive(s, 1) and food(s, 0) == 1


def test_a_voracious_extra_token_can_be_ambushed():
    s = feeding([[{"id": 2, "traits": ["voracious"]}], [AMBUSHER]], food_base=5, sets="time_to_fly,gift")
    s.apply(Action("voracious", 2))
    assert s.view(None)["decision"] == {"kind": "ambush", "player": 1, "taker": 2}


def test_a_saved_ambush_on_the_last_communication_token_holds_no_spent_trigger_pool():
    # the pool of triggers goes once its last trigger fires: the saved stack under the Ambush decision holds no empty
    # trigger_order (a state saved by an older version with one still loads and plays on: an empty pool just goes)
    s = feeding([[{"id": 0}, {"id": 1}, {"id": 2}], [AMBUSHER]], food_base=5,
                pairs=[{"trait": "communication", "animals": [0, 1]}], **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("pass"))                     # no ambush on A0's take; A1's Communication token is offered
    saved = json.loads(json.dumps(s.to_json()))
    assert "trigger_order" not in [step["step"] for step in saved["origin"]["flow"]]
    copy = s.game.state_from_json(saved)
    older = json.loads(json.dumps(saved))   # as an older version saved it: the spent pool under the decision
    older["origin"]["flow"].insert(1, {"step": "trigger_order", "player": 0, "triggers": []})
    older_copy = s.game.state_from_json(older)
    for state in (s, copy, older_copy):
        state.apply(Action("ambush", 10))
        assert not alive(state, 1) and food(state, 0) == 1
    assert copy.view(None) == s.view(None) == older_copy.view(None)

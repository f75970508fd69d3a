"""Defences asked of the defender's owner: Running (41, 42), Mimicry (44), Tail Loss (45), Poisonous (46)."""

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import alive, animal, discard, fat, feeding, food, owner, table, trait_card, trait_cards


def attack(s, c, t):
    s.apply(Action("attack", c))
    s.apply(Action("target", t))


# -- Running ---------------------------------------------------------------------------------------------------------
def test_running_escape_on_4_to_6_ruling_41_42():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["running"]}, {"id": 11}]], dice=[5])
    attack(s, 0, 10)
    assert s.current_player == 1                       # the defender's owner decides
    d = s.view(1)["decision"]
    assert d["kind"] == "defence" and d["target"] == 10 and d["carnivore"] == 0
    assert s.legal_actions() == [Action("run")]        # rolling is compulsory
    with pytest.raises(IllegalAction, match="compulsory"):
        s.apply(Action("accept"))
    s.apply(Action("run"))
    assert owner(s, 10) == 1 and food(s, 0) == 0         # escaped; the carnivore gets nothing
    assert animal(s, 0)["attacked_this_turn"]                       # and cannot attack again this turn


def test_running_fails_on_1_to_3_then_eaten():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["running"]}, {"id": 11}]], dice=[2])
    attack(s, 0, 10)
    s.apply(Action("run"))
    assert not alive(s, 10) and food(s, 0) == 2


def test_running_compulsory_against_own_carnivore():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["running"]}], [{"id": 10}]])
    attack(s, 0, 1)
    assert s.current_player == 0 and s.legal_actions() == [Action("run")]


def test_running_then_tail_loss_in_owner_order_section_5_3():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["running", "tail_loss"]}, {"id": 11}]],
                dice=[1])
    attack(s, 0, 10)
    legal = set(s.legal_actions())
    assert Action("run") in legal and Action("accept") not in legal
    s.apply(Action("run"))
    # the roll failed: now Tail Loss or be eaten
    assert s.current_player == 1
    assert Action("accept") in s.legal_actions()
    tail_card = trait_card(s, 10, "tail_loss")
    s.apply(Action("tail", tail_card))
    assert owner(s, 10) == 1 and food(s, 0) == 1


# -- Mimicry ---------------------------------------------------------------------------------------------------------
def test_mimicry_must_redirect_to_a_legal_target_ruling_44():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry"]}, {"id": 11, "traits": ["big"]}, {"id": 12}]])
    attack(s, 0, 10)
    assert s.current_player == 1
    assert s.legal_actions() == [Action("mimic", 12)]          # 11 is Big: not a legal target; no "accept"
    s.apply(Action("mimic", 12))
    assert not alive(s, 12) and owner(s, 10) == 1


def test_mimicry_does_not_trigger_without_another_target_ruling_44():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["mimicry"]}, {"id": 11,
                                                                                        "traits": ["swimming"]}]])
    attack(s, 0, 10)
    assert not alive(s, 10)            # no defence decision at all: eaten


def test_mimicry_chain_new_target_uses_its_own_defences_ruling_44():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry"]}, {"id": 11, "traits": ["mimicry"]}, {"id": 12}]])
    attack(s, 0, 10)
    assert set(s.legal_actions()) == {Action("mimic", 11), Action("mimic", 12)}
    s.apply(Action("mimic", 11))
    # 11's own Mimicry: redirect again, to any other own animal the carnivore could attack (10's Mimicry is spent)
    assert set(s.legal_actions()) == {Action("mimic", 10), Action("mimic", 12)}
    s.apply(Action("mimic", 12))
    assert not alive(s, 12)


def test_mimicry_once_per_turn_ruling_44():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry"]}, {"id": 11}, {"id": 12}]], food_base=0)
    attack(s, 0, 10)
    s.apply(Action("mimic", 11))
    assert not alive(s, 11)
    assert s.current_player == 0
    attack(s, 1, 10)                    # the Mimicry card was used this turn
    assert not alive(s, 10)


def test_mimicry_unlimited_option():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry"]}, {"id": 11}, {"id": 12}]], food_base=0,
                mimicry_unlimited=True)
    attack(s, 0, 10)
    s.apply(Action("mimic", 11))
    attack(s, 1, 10)
    assert s.legal_actions() == [Action("mimic", 12)]


def test_mimicry_and_tail_loss_owner_chooses():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["mimicry", "tail_loss"]}, {"id": 11}]])
    attack(s, 0, 10)
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"mimic", "tail"}


# -- Tail Loss -------------------------------------------------------------------------------------------------------
def test_tail_loss_drops_any_trait_incl_paired_and_parasite_ruling_45():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["tail_loss", "parasite", "fat_tissue"]}, {"id": 11}]],
                pairs=[{"trait": "cooperation", "animals": [10, 11]}])
    attack(s, 0, 10)
    assert {a.args[0] for a in s.legal_actions() if a.kind == "tail"} == set(trait_cards(s, 10))
    assert Action("accept") in s.legal_actions()       # Tail Loss is optional
    coop = trait_card(s, 10, "cooperation")
    s.apply(Action("tail", coop))
    assert coop in discard(s, 1) and coop not in trait_cards(s, 11) and trait_cards(s, 11) == []
    assert owner(s, 10) == 1 and food(s, 0) == 1


def test_tail_loss_dropping_parasite_lowers_need():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["tail_loss", "parasite"]}, {"id": 11}]])
    assert animal(s, 10)["need"] == 3
    attack(s, 0, 10)
    par = trait_card(s, 10, "parasite")
    s.apply(Action("tail", par))
    assert animal(s, 10)["need"] == 1 and par in discard(s, 1)


def test_tail_loss_dropping_fat_tissue_loses_its_yellow_token():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["tail_loss", "fat_tissue"], "fat": 1}, {"id": 11}]])
    attack(s, 0, 10)
    fat_card = trait_card(s, 10, "fat_tissue")
    s.apply(Action("tail", fat_card))
    assert fat(s, 10) == 0 and animal(s, 10)["fat_slots"] == 0


def test_tail_loss_vs_poisonous_no_poison_ruling_46():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["tail_loss", "poisonous"]}, {"id": 11}]])
    attack(s, 0, 10)
    tail = trait_card(s, 10, "tail_loss")
    s.apply(Action("tail", tail))
    assert not animal(s, 0)["poisoned"] and food(s, 0) == 1
    assert not s.view(0)["players"][0]["animals"][0]["poisoned"]


# -- Poisonous -------------------------------------------------------------------------------------------------------
def test_poisonous_kills_the_carnivore_at_extinction_even_if_fed_ruling_46():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["poisonous"]}]],
                food_base=1)
    attack(s, 0, 10)
    assert animal(s, 0)["poisoned"] and food(s, 0) == 2
    assert s.view(None)["players"][0]["animals"][0]["poisoned"]
    # the carnivore acts normally until extinction; then it dies although fed
    s.apply(Action("take", 1))
    assert table(s)["turn"] == 2
    assert not alive(s, 0) and owner(s, 1) == 0
    deaths = [e for e in s.events_for(None) if e["kind"] == "death"]
    assert [(e["animal"], e["cause"]) for e in deaths] == [(0, "poisoned")]
    assert "is poisoned and dies" in deaths[0]["text"]

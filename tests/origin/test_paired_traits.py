"""Communication, Cooperation, Symbiosis: triggers once per round per card, chains, owner-chosen order
(NOTES §5.2, rulings 21-25)."""

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import alive, feeding, food, table


def test_communication_partner_takes_a_red_token_ruling_22():
    s = feeding([[{"id": 0}, {"id": 1}], [{"id": 10, "traits": ["big"]}]], food_base=5,
                pairs=[{"trait": "communication", "animals": [0, 1]}])
    s.apply(Action("take", 0))
    assert food(s, 0) == 1 and food(s, 1) == 1 and table(s)["food_base"] == 3


def test_communication_needs_a_red_token_in_the_base():
    s = feeding([[{"id": 0}, {"id": 1}], [{"id": 10, "traits": ["big"]}]], food_base=1,
                pairs=[{"trait": "communication", "animals": [0, 1]}])
    s.apply(Action("take", 0))
    assert table(s)["food_base"] == 0
    assert not any(e["kind"] == "communication" for e in s.events_for(None))   # the empty base gave A1 nothing
    assert alive(s, 0) and not alive(s, 1)              # the turn ended at once: A1 starved


def test_communication_not_triggered_by_blue_tokens_ruling_22():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10}, {"id": 11, "traits": ["big"]}]],
                food_base=5, pairs=[{"trait": "communication", "animals": [0, 1]}])
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert food(s, 0) == 2 and food(s, 1) == 0 and table(s)["food_base"] == 5


def test_cooperation_partner_gets_blue_on_any_token_ruling_23():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10}, {"id": 11, "traits": ["big"]}]],
                food_base=5, pairs=[{"trait": "cooperation", "animals": [0, 1]}])
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    # fires once this round although 2 tokens came
    assert food(s, 0) == 2 and food(s, 1) == 1 and table(s)["food_base"] == 5


def test_cooperation_chain_once_per_card_per_round_ruling_21():
    # a triangle of Cooperation cards: A->B->C->A, then the A-B card has fired: the chain stops
    s = feeding([[{"id": 0, "traits": ["big"]}, {"id": 1, "traits": ["big"]}, {"id": 2, "traits": ["big"]}],
                 [{"id": 10, "traits": ["big"]}]], food_base=5,
                pairs=[{"trait": "cooperation", "animals": [0, 1]}, {"trait": "cooperation", "animals": [1, 2]},
                       {"trait": "cooperation", "animals": [2, 0]}])
    s.apply(Action("take", 0))
    # at A two cards trigger at once (A-B and C-A): the owner chooses the order
    assert s.current_player == 0 and {a.kind for a in s.legal_actions()} == {"fire"}
    s.apply(s.legal_actions()[0])
    while s.current_player == 0 and s.legal_actions()[0].kind == "fire":
        s.apply(s.legal_actions()[0])
    tokens = [food(s, 0), food(s, 1), food(s, 2)]
    assert sorted(tokens) == [1, 1, 2] or tokens == [2, 1, 1]
    assert food(s, 0) + food(s, 1) + food(s, 2) == 4       # 1 taken + 3 blue (each card fired once)
    assert s.current_player == 1
    # next round: the cards fire again
    s.apply(Action("take", 10))
    before = food(s, 0) + food(s, 1) + food(s, 2)
    s.apply(Action("take", 1))
    while s.current_player == 0 and s.legal_actions()[0].kind == "fire":
        s.apply(s.legal_actions()[0])
    assert food(s, 0) + food(s, 1) + food(s, 2) > before + 1


def test_communication_then_cooperation_chain_ruling_21_22_23():
    # A -comm- B -coop- C : A takes red, B takes red (comm), C gets blue (coop)
    s = feeding([[{"id": 0, "traits": ["big"]}, {"id": 1, "traits": ["big"]}, {"id": 2, "traits": ["big"]}],
                 [{"id": 10, "traits": ["big"]}]], food_base=5,
                pairs=[{"trait": "communication", "animals": [0, 1]}, {"trait": "cooperation", "animals": [1, 2]}])
    s.apply(Action("take", 0))
    assert (food(s, 0), food(s, 1), food(s, 2)) == (1, 1, 1) and table(s)["food_base"] == 3


def test_owner_chooses_order_symbiosis_example_section_5_2():
    """The rulebook example: Communication and Symbiosis on the same pair. Taking a red token for the symbiont
    lets the partner take one through Communication once the symbiont is fed."""
    s = feeding([[{"id": 0}, {"id": 1}], [{"id": 10, "traits": ["big"]}]], food_base=5,
                pairs=[{"trait": "symbiosis", "animals": [0, 1]}, {"trait": "communication", "animals": [0, 1]}])
    # the protected partner (1) cannot take while the symbiont (0) is unfed (ruling 25)
    assert Action("take", 1) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="ruling 25"):
        s.apply(Action("take", 1))
    s.apply(Action("take", 0))
    assert food(s, 0) == 1 and food(s, 1) == 1


def test_symbiosis_partner_cannot_receive_cooperation_until_symbiont_fed_ruling_25():
    s = feeding([[{"id": 0, "traits": ["big"]}, {"id": 1}], [{"id": 10, "traits": ["big"]}]], food_base=5,
                pairs=[{"trait": "symbiosis", "animals": [0, 1]}, {"trait": "cooperation", "animals": [0, 1]}])
    s.apply(Action("take", 0))
    assert food(s, 0) == 1 and food(s, 1) == 0       # the symbiont (need 2) is not fed yet
    s.apply(Action("take", 10))
    s.apply(Action("take", 0))                     # symbiont fed -> Cooperation now reaches the partner
    assert food(s, 0) == 2 and food(s, 1) == 1


def test_trigger_order_choice_matters_for_an_empty_base():
    # A takes; partners B (comm) and C (comm); one token left: the owner picks who gets it
    s = feeding([[{"id": 0}, {"id": 1}, {"id": 2}], [{"id": 10, "traits": ["big"]}]], food_base=2,
                pairs=[{"trait": "communication", "animals": [0, 1]}, {"trait": "communication", "animals": [0, 2]}])
    s.apply(Action("take", 0))
    assert s.current_player == 0 and s.view(0)["decision"]["kind"] == "trigger_order"
    fires = s.legal_actions()
    assert len(fires) == 2
    c = fires[1].args[0]
    to = next(t["to"] for t in s.view(0)["decision"]["triggers"] if t["card"] == c)
    s.apply(fires[1])
    comm = [e for e in s.events_for(None) if e["kind"] == "communication"]
    assert [e["animal"] for e in comm] == [to]     # the other trigger found the base empty
    assert table(s)["turn"] == 2                             # nobody could act any more: the turn ended

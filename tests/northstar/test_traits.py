"""One test group per trait (all 17). R<n> = ruling n of the rules pack's NOTES.md §13."""

from __future__ import annotations

import pytest

from evolutio.kernel import IllegalAction

from .helpers import A, bag, board, discard_pile, hand, make, phase, pl, sp, traits, watering_hole


# ------------------------------------------------------------------------------------------------- Carnivore
def test_carnivore_attacks_and_takes_meat_equal_to_the_defender_body_from_the_bank():  # R32
    st = make(pl(sp(4, 4, 0, ["carnivore"])), pl(sp(3, 2, 1)), wh=5)
    assert A("attack", 0, 1, 0) in st.legal_actions()
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 0)[0] == (4, 4, 3, 0)  # 3 meat = defender's body
    assert board(st, 1)[0] == (3, 1, 1, 0)
    assert watering_hole(st) == 5  # meat comes from the bank, not the watering hole


def test_carnivore_never_takes_plant_food():  # R14
    st = make(pl(sp(2, 2, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 1, 1, ["climbing"])), wh=5)
    assert A("feed", 0) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="Carnivore: it never takes plant food"):
        st.apply(A("feed", 0))


def test_carnivore_long_neck_takes_nothing_and_cooperation_gives_no_plants_to_a_carnivore():  # R14, R19
    st = make(pl(sp(1, 3, 0, ["carnivore", "long-neck"]), sp(1, 3, 0, ["cooperation"]), sp(1, 3, 0, ["carnivore"])),
              pl(sp()), phase="reveal", wh=0)
    # the carnivore's Long Neck does nothing; the Cooperation herbivore gets nothing to pass on
    assert [s[2] for s in board(st, 0)] == [0, 0, 0]
    st = make(pl(sp(1, 3, 0, ["cooperation"]), sp(1, 3, 0, ["carnivore"])), pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    assert board(st, 0) == [(1, 3, 1, 0), (1, 3, 0, 0)]


def test_carnivore_cannot_attack_itself_but_may_attack_its_owners_species():  # NOTES §6.1.4, R31
    st = make(pl(sp(3, 2, 0, ["carnivore"]), sp(1, 1, 0)), pl(sp(1, 1, 1, ["climbing"])), wh=0)
    legal = st.legal_actions()
    assert A("attack", 0, 0, 0) not in legal
    assert A("attack", 0, 0, 1) in legal
    with pytest.raises(IllegalAction, match="cannot attack itself"):
        st.apply(A("attack", 0, 0, 0))


def test_a_fed_carnivore_cannot_attack():  # R24
    st = make(pl(sp(3, 2, 2, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 1, 0)), wh=1)
    assert not [a for a in st.legal_actions() if a.kind == "attack"]
    with pytest.raises(IllegalAction, match="Carnivore is fed"):
        st.apply(A("attack", 0, 1, 0))


def test_size_rule_needs_a_strictly_larger_attacker():  # R25
    st = make(pl(sp(3, 1, 0, ["carnivore"])), pl(sp(3, 1, 0), sp(2, 1, 0)), wh=0)
    legal = st.legal_actions()
    assert A("attack", 0, 1, 0) not in legal and A("attack", 0, 1, 1) in legal
    with pytest.raises(IllegalAction, match="attack size 3 .* not larger than the target's body size 3"):
        st.apply(A("attack", 0, 1, 0))


# ---------------------------------------------------------------------------------------------------- Ambush
def test_ambush_overcomes_warning_call():  # R29
    def st(attacker_traits):
        return make(pl(sp(5, 2, 0, attacker_traits)), pl(sp(1, 1, 0, ["warning-call"]), sp(1, 1, 0)), wh=0)

    without = st(["carnivore"])
    assert A("attack", 0, 1, 1) not in without.legal_actions()
    with pytest.raises(IllegalAction, match="left neighbour has Warning Call and your Carnivore lacks Ambush"):
        without.apply(A("attack", 0, 1, 1))
    assert A("attack", 0, 1, 1) in st(["carnivore", "ambush"]).legal_actions()


# ------------------------------------------------------------------------------------------------- Burrowing
def test_burrowing_protects_only_while_fed():  # R28
    fed = make(pl(sp(5, 2, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 2, 2, ["burrowing"])), wh=1)
    assert A("attack", 0, 1, 0) not in fed.legal_actions()
    with pytest.raises(IllegalAction, match="Burrowing and is fed"):
        fed.apply(A("attack", 0, 1, 0))
    hungry = make(pl(sp(5, 2, 0, ["carnivore"])), pl(sp(1, 2, 1, ["burrowing"])), wh=0)
    assert A("attack", 0, 1, 0) in hungry.legal_actions()


def test_burrowing_ignores_food_stored_on_fat_tissue():  # NOTES §10 burrowing
    st = make(pl(sp(5, 2, 0, ["carnivore"])), pl(sp(2, 2, 1, ["burrowing", "fat-tissue"], fat=2)), wh=0)
    assert A("attack", 0, 1, 0) in st.legal_actions()


# -------------------------------------------------------------------------------------------------- Climbing
def test_climbing_needs_a_climbing_carnivore():  # R26
    st = make(pl(sp(5, 2, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 2, 0, ["climbing"])), wh=1)
    with pytest.raises(IllegalAction) as ei:
        st.apply(A("attack", 0, 1, 0))
    assert str(ei.value) == (f"{st.describe(A('attack', 0, 1, 0))}: "
                             "cannot attack: the target has Climbing and your Carnivore lacks Climbing")
    ok = make(pl(sp(5, 2, 0, ["carnivore", "climbing"])), pl(sp(1, 2, 0, ["climbing"])), wh=0)
    assert A("attack", 0, 1, 0) in ok.legal_actions()


# ----------------------------------------------------------------------------------------------- Cooperation
def test_cooperation_right_neighbour_takes_one_of_the_same_kind_from_the_same_source():  # R19
    st = make(pl(sp(1, 3, 0, ["cooperation"]), sp(1, 3, 0, ["cooperation"]), sp(1, 3, 0)), pl(sp()), wh=10)
    st.apply(A("feed", 0))
    assert [s[2] for s in board(st, 0)] == [1, 1, 1]  # the chain runs left to right
    assert watering_hole(st) == 7
    meat = make(pl(sp(4, 3, 0, ["carnivore", "cooperation"]), sp(1, 3, 0)), pl(sp(2, 2, 0)), wh=10)
    meat.apply(A("attack", 0, 1, 0))
    assert [s[2] for s in board(meat, 0)] == [2, 1]  # a herbivore neighbour takes meat
    assert watering_hole(meat) == 10  # ... from the bank


def test_cooperation_chain_stops_at_a_neighbour_that_cannot_take():  # NOTES §10 cooperation (Engine convention)
    st = make(pl(sp(1, 3, 0, ["cooperation"]), sp(1, 1, 1, ["cooperation"]), sp(1, 3, 0)), pl(sp()), wh=10)
    st.apply(A("feed", 0))
    assert [s[2] for s in board(st, 0)] == [1, 1, 0]


def test_cooperation_stops_when_the_watering_hole_is_empty():
    st = make(pl(sp(1, 3, 0, ["cooperation"]), sp(1, 3, 0)), pl(sp()), wh=1)
    st.apply(A("feed", 0))
    assert [s[2] for s in board(st, 0)] == [1, 0]


# ----------------------------------------------------------------------------------------- Defensive Herding
def test_defensive_herding_needs_a_strictly_larger_population():  # R27
    eq = make(pl(sp(5, 2, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(1, 2, 0, ["defensive-herding"])), wh=1)
    with pytest.raises(IllegalAction, match="Defensive Herding and your Carnivore's population 2 is not larger"):
        eq.apply(A("attack", 0, 1, 0))
    big = make(pl(sp(5, 3, 0, ["carnivore"])), pl(sp(1, 2, 0, ["defensive-herding"])), wh=0)
    assert A("attack", 0, 1, 0) in big.legal_actions()


# ------------------------------------------------------------------------------------------------ Fat Tissue
def test_fat_tissue_stores_food_once_full_up_to_body_size():  # R16, R17
    st = make(pl(sp(2, 1, 1, ["fat-tissue"]), sp(1, 1, 1)), pl(sp(1, 1, 1)), wh=10)
    assert st.legal_actions() == [A("feed", 0), A("pass")]  # storing is never compulsory
    st.apply(A("feed", 0))
    assert board(st, 0)[0] == (2, 1, 1, 1)
    st.apply(A("feed", 0))
    assert board(st, 0)[0] == (2, 1, 1, 2)
    assert st.is_terminal  # held: nothing can take food any more, the feeding ended


def test_fat_tissue_surplus_of_a_take_is_the_owners_choice():  # R16, R17
    st = make(pl(sp(3, 2, 0, ["carnivore", "fat-tissue"])), pl(sp(2, 3, 0)), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 0)[0] == (3, 2, 2, 0)  # no surplus: no decision
    for stored in (1, 0):
        st = make(pl(sp(3, 2, 1, ["carnivore", "fat-tissue"])), pl(sp(2, 3, 0)), wh=0)
        st.apply(A("attack", 0, 1, 0))
        assert st.legal_actions() == [A("store_surplus", 1), A("store_surplus", 0)]
        st.apply(A("store_surplus", stored))
        assert board(st, 0)[0] == (3, 2, 2, stored)


def test_fat_tissue_leaf_moves_food_onto_the_board_without_cooperation():  # R9, R18
    st = make(pl(sp(3, 3, 0, ["fat-tissue", "cooperation"], fat=2), sp(1, 2, 0)), pl(sp()), phase="reveal", wh=0)
    assert board(st, 0) == [(3, 3, 2, 0), (1, 2, 0, 0)]


def test_fat_tissue_food_goes_to_the_bag_when_the_card_is_discarded():  # NOTES §11 (PL)
    st = make(pl(sp(3, 3, 0, ["fat-tissue"], fat=2), hand=[("horns", 1)]), pl(sp()), phase="play-cards")
    ft = traits(st, 0, 0)[0]
    st.apply(A("discard_trait", ft))
    assert bag(st, 0) == 2 and board(st, 0)[0] == (3, 3, 0, 0)


def test_fat_tissue_food_goes_to_the_bag_at_extinction():  # R38
    st = make(pl(sp(5, 2, 0, ["carnivore"])), pl(sp(2, 1, 0, ["fat-tissue"], fat=2), sp(1, 1, 1, ["climbing"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert bag(st, 1) == 2


# --------------------------------------------------------------------------------------------------- Fertile
@pytest.mark.parametrize("wh,pop", [(0, 2), (1, 3)])
def test_fertile_grows_only_when_the_watering_hole_holds_food(wh, pop):  # R10
    st = make(pl(sp(1, 2, 0, ["fertile"]), food_card=("horns", 1)), pl(sp(), food_card=("horns", 3)),
              phase="reveal", wh=wh)
    assert board(st, 0)[0][1] == pop


def test_fertile_never_above_six():  # R7
    st = make(pl(sp(1, 6, 0, ["fertile"])), pl(sp()), phase="reveal", wh=3)
    assert board(st, 0)[0][1] == 6


# -------------------------------------------------------------------------------------------------- Foraging
def test_foraging_takes_two_plant_food():  # R13
    st = make(pl(sp(1, 3, 0, ["foraging"])), pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    assert board(st, 0)[0][2] == 2 and watering_hole(st) == 3


def test_foraging_capacity_and_watering_hole_limit_the_extra_token():
    st = make(pl(sp(1, 1, 0, ["foraging"])), pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    assert board(st, 0)[0][2] == 1 and watering_hole(st) == 4
    st = make(pl(sp(1, 3, 0, ["foraging"])), pl(sp(1, 1, 1)), wh=1)
    st.apply(A("feed", 0))
    assert board(st, 0)[0][2] == 1 and watering_hole(st) == 0


def test_foraging_applies_to_cooperation_and_long_neck_takes():  # R20
    st = make(pl(sp(1, 3, 0, ["cooperation"]), sp(1, 3, 0, ["foraging"])), pl(sp(1, 1, 1)), wh=5)
    st.apply(A("feed", 0))
    assert [s[2] for s in board(st, 0)] == [1, 2] and watering_hole(st) == 2
    ln = make(pl(sp(1, 3, 0, ["long-neck", "foraging"])), pl(sp()), phase="reveal", wh=0)
    assert board(ln, 0)[0][2] == 2


# ------------------------------------------------------------------------------------------------ Hard Shell
def test_hard_shell_adds_four_to_the_size_check_but_not_to_the_meat():  # R25, R32
    blocked = make(pl(sp(6, 1, 0, ["carnivore"]), sp(1, 2, 0)), pl(sp(2, 2, 0, ["hard-shell"])), wh=1)
    with pytest.raises(IllegalAction, match=r"Hard Shell \(size 2 \+ 4 = 6\)"):
        blocked.apply(A("attack", 0, 1, 0))
    st = make(pl(sp(6, 6, 0, ["carnivore"])), pl(sp(1, 2, 0, ["hard-shell"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 0)[0][2] == 1  # meat = printed body 1


def test_pack_hunting_breaks_a_hard_shell():  # R25
    st = make(pl(sp(3, 3, 0, ["carnivore", "pack-hunting"])), pl(sp(1, 2, 0, ["hard-shell"])), wh=0)
    assert A("attack", 0, 1, 0) in st.legal_actions()  # 3+3 = 6 > 1+4


# ----------------------------------------------------------------------------------------------------- Horns
def test_horns_cost_the_attacker_one_population_before_it_eats():  # R34
    st = make(pl(sp(4, 3, 2, ["carnivore"])), pl(sp(2, 2, 1, ["horns"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 0)[0] == (4, 2, 2, 0)  # 3 → 2 population, then 2 meat but room for 0
    assert board(st, 1)[0] == (2, 1, 1, 0)


def test_horns_kill_a_population_one_attacker_which_does_not_eat_but_the_defender_still_loses():  # R34, R38
    st = make(pl(sp(4, 1, 0, ["carnivore", "climbing"]), sp(1, 1, 1)), pl(sp(2, 2, 1, ["horns"])), wh=0)
    hand_before = len(hand(st, 0))
    st.apply(A("attack", 0, 1, 0))
    assert board(st, 0) == [(1, 1, 1, 0)]
    assert board(st, 1)[0] == (2, 1, 1, 0)
    assert len(hand(st, 0)) == hand_before + 2  # two trait cards → two cards drawn


def test_horns_excess_food_of_the_attacker_goes_to_its_owners_bag():
    st = make(pl(sp(4, 2, 2, ["carnivore", "fat-tissue"]), bag=0), pl(sp(2, 2, 0, ["horns"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert bag(st, 0) == 1 and board(st, 0)[0][:3] == (4, 1, 1)


# ---------------------------------------------------------------------------------------------- Intelligence
def test_intelligence_carnivore_negates_one_protecting_trait_per_card():  # R36
    st = make(pl(sp(5, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1), ("fertile", 2)]),
              pl(sp(1, 2, 0, ["climbing"])), wh=0)
    assert A("attack", 0, 1, 0) in st.legal_actions()
    st.apply(A("attack", 0, 1, 0))
    assert phase(st) == "intelligence-negation" and A("strike") not in st.legal_actions()  # must negate Climbing first
    c = hand(st, 0)[0]
    st.apply(A("negate", c, 1))
    assert board(st, 0)[0][2] == 1 and board(st, 1)[0][1] == 1  # the attack went through
    assert c in discard_pile(st)


def test_intelligence_can_negate_horns_so_the_attacker_loses_nothing():  # R36
    st = make(pl(sp(5, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1)]), pl(sp(1, 2, 0, ["horns"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert A("strike") in st.legal_actions()  # Horns do not block; negating them is optional
    st.apply(A("negate", hand(st, 0)[0], 4))
    assert board(st, 0)[0] == (5, 2, 1, 0)


def test_intelligence_cannot_overcome_the_size_rule_and_needs_enough_cards():  # R36
    small = make(pl(sp(1, 2, 0, ["carnivore", "intelligence"]), hand=[("horns", 1)] * 3), pl(sp(2, 1, 0)), wh=0)
    assert not [a for a in small.legal_actions() if a.kind == "attack"]
    two = make(pl(sp(5, 2, 0, ["carnivore", "intelligence"]), sp(1, 2, 0), hand=[("horns", 1)]),
               pl(sp(1, 2, 0, ["climbing", "defensive-herding"])), wh=1)
    assert A("attack", 0, 1, 0) not in two.legal_actions()  # two defences, one card
    with pytest.raises(IllegalAction, match="Intelligence could negate this with 2 card"):
        two.apply(A("attack", 0, 1, 0))


def test_intelligence_herbivore_takes_two_plant_food_from_the_bank_in_addition_to_feeding():  # R37
    st = make(pl(sp(1, 5, 0, ["intelligence"]), hand=[("horns", 1), ("horns", 2)]), pl(sp(1, 1, 1)), wh=3)
    c = hand(st, 0)[0]
    st.apply(A("intelligence_food", c, 0))
    assert board(st, 0)[0][2] == 2 and watering_hole(st) == 3 and st.current_player == 0  # still the same turn
    st.apply(A("feed", 0))
    assert board(st, 0)[0][2] == 3 and watering_hole(st) == 2


def test_intelligence_take_with_foraging_is_three():  # NOTES §5 interpretation
    st = make(pl(sp(1, 5, 0, ["intelligence", "foraging"]), hand=[("horns", 1)]), pl(sp(1, 1, 1)), wh=0)
    st.apply(A("intelligence_food", hand(st, 0)[0], 0))
    assert board(st, 0)[0][2] == 3


def test_intelligence_any_time_option_opens_a_window_outside_the_owners_turn():  # NOTES §10, option
    players = (pl(sp(1, 2, 0)), pl(sp(1, 5, 0, ["intelligence"]), hand=[("horns", 1)]))
    default = make(*players, wh=3)
    assert default.current_player == 0 and default.legal_actions() == [A("feed", 0)]
    hu = make(*players, wh=3, options={"intelligence_any_time": True})
    assert hu.current_player == 1 and phase(hu) == "intelligence-window"
    assert set(hu.legal_actions()) == {A("intelligence_food", hand(hu, 1)[0], 0), A("pass")}
    hu.apply(A("pass"))
    assert hu.current_player == 0 and phase(hu) == "feeding"


# ------------------------------------------------------------------------------------------------- Long Neck
def test_long_neck_takes_one_plant_food_from_the_bank_before_the_reveal():  # R9, R11
    st = make(pl(sp(1, 3, 0, ["long-neck", "cooperation"]), sp(1, 2, 0)), pl(sp()), phase="reveal", wh=2)
    assert [s[2] for s in board(st, 0)] == [1, 1]
    assert watering_hole(st) == 2  # nothing from the watering hole


# ---------------------------------------------------------------------------------------------- Pack Hunting
def test_pack_hunting_adds_population_to_size_but_not_to_meat_or_herding():  # NOTES §10
    st = make(pl(sp(2, 3, 0, ["carnivore", "pack-hunting"])), pl(sp(4, 3, 0)), wh=0)
    st.apply(A("attack", 0, 1, 0))  # 2+3 = 5 > 4
    assert board(st, 0)[0][2] == 3  # meat = 4 but room 3
    herd = make(pl(sp(2, 3, 0, ["carnivore", "pack-hunting"])), pl(sp(1, 3, 0, ["defensive-herding"])), wh=0)
    assert A("attack", 0, 1, 0) not in herd.legal_actions()


# ------------------------------------------------------------------------------------------------- Scavenger
def test_every_scavenger_takes_one_meat_after_an_attack_including_attacker_and_defender():  # R35
    st = make(pl(sp(4, 4, 0, ["carnivore", "scavenger"]), sp(1, 2, 0, ["scavenger"])),
              pl(sp(2, 3, 0, ["scavenger"])), wh=0)
    st.apply(A("attack", 0, 1, 0))
    assert [s[2] for s in board(st, 0)] == [3, 1]  # 2 meat + 1 scavenged; the herbivore scavenges 1
    assert board(st, 1)[0] == (2, 2, 1, 0)  # the defender scavenges after losing 1 population


def test_scavenger_fires_when_horns_kill_the_attacker_unless_scavenger_on_meat():  # NOTES §10, option
    def run(opts):
        st = make(pl(sp(4, 1, 0, ["carnivore"])), pl(sp(2, 2, 0, ["horns"]), sp(1, 2, 0, ["scavenger"])), wh=0,
                  options=opts)
        st.apply(A("attack", 0, 1, 0))
        return board(st, 1)[1][2]

    assert run({}) == 1
    assert run({"scavenger_on_meat": True}) == 0


# ------------------------------------------------------------------------------------------------- Symbiosis
def test_symbiosis_protected_while_its_right_neighbour_is_larger():  # R30
    st = make(pl(sp(5, 2, 0, ["carnivore"])), pl(sp(1, 2, 0, ["symbiosis"]), sp(3, 1, 1), sp(2, 1, 1, ["symbiosis"]),
                                                   sp(1, 1, 0)), wh=0)
    legal = st.legal_actions()
    assert A("attack", 0, 1, 0) not in legal  # right neighbour body 3 > 1
    assert A("attack", 0, 1, 2) in legal  # right neighbour body 1 < 2
    with pytest.raises(IllegalAction, match="Symbiosis and its right neighbour is larger"):
        st.apply(A("attack", 0, 1, 0))


# ---------------------------------------------------------------------------------------------- Warning Call
def test_warning_call_protects_both_neighbours_not_itself():  # R29
    st = make(pl(sp(5, 2, 0, ["carnivore"])), pl(sp(1, 1, 0), sp(1, 1, 0, ["warning-call"]), sp(1, 1, 0), sp(1, 1, 0)),
              wh=0)
    legal = st.legal_actions()
    assert A("attack", 0, 1, 0) not in legal and A("attack", 0, 1, 2) not in legal
    assert A("attack", 0, 1, 1) in legal and A("attack", 0, 1, 3) in legal


def test_adjacent_warning_calls_protect_each_other_unless_warning_call_hu():  # NOTES §10, option
    players = (pl(sp(5, 2, 0, ["carnivore"])), pl(sp(1, 1, 0, ["warning-call"]), sp(1, 1, 0, ["warning-call"])))
    assert not [a for a in make(*players, wh=0).legal_actions() if a.kind == "attack"]
    hu = make(*players, wh=0, options={"warning_call_hu": True})
    assert {A("attack", 0, 1, 0), A("attack", 0, 1, 1)} <= set(hu.legal_actions())


def test_warning_call_of_another_player_does_not_protect():  # NOTES §2: only same-owner neighbours
    st = make(pl(sp(5, 2, 0, ["carnivore"]), sp(1, 1, 0, ["warning-call"])), pl(sp(1, 1, 0)), wh=0)
    assert A("attack", 0, 1, 0) in st.legal_actions()


def test_every_trait_has_a_test_here():
    import re
    from pathlib import Path

    from evolutio.games.northstar.cards import TRAIT_NAMES

    text = Path(__file__).read_text().lower()
    for name in TRAIT_NAMES:
        assert re.search(r"def test_" + name.lower().replace(" ", "_"), text) or name.lower() in text, name

"""Specialization A and B (Synthesis; Time to Fly, NOTES §9.2, rulings 8, 18, 69): a blue token as the main action,
once per turn (``synthesis_every_feeding_turn``: every feeding turn), blocked by another animal with the same
Specialization; A and B never share an animal."""

from __future__ import annotations

import pytest

from evolutio.kernel import Action, OptionError, load_game

from .conftest import feeding, food, scenario

TTF = {"sets": "time_to_fly"}


@pytest.mark.parametrize("trait, kind", [("specialization_a", "synthesis_a"), ("specialization_b", "synthesis_b")])
def test_synthesis_gives_a_blue_token_as_the_main_action(trait, kind):
    s = feeding([[{"id": 0, "traits": [trait, "big"]}, {"id": 1}], [{"id": 10}]], food_base=3, **TTF)
    assert Action(kind, 0) in s.legal_actions()
    s.apply(Action(kind, 0))
    assert food(s, 0) == 1 and s.current_player == 1   # the main action: the feeding turn is over


def test_the_same_specialization_elsewhere_on_the_table_blocks_both_ruling_69():
    s = feeding([[{"id": 0, "traits": ["specialization_a"]}], [{"id": 10, "traits": ["specialization_a"]}]],
                food_base=3, **TTF)
    assert Action("synthesis_a", 0) not in s.legal_actions()
    assert "A10, has Specialization A" in s.refusal(Action("synthesis_a", 0)).reason
    other = feeding([[{"id": 0, "traits": ["specialization_a"]}], [{"id": 10, "traits": ["specialization_b"]}]],
                    food_base=3, **TTF)
    assert Action("synthesis_a", 0) in other.legal_actions()


def test_once_per_turn_unless_the_option_lifts_it():
    def second_round(**options):
        s = feeding([[{"id": 0, "traits": ["specialization_b", "big", "parasite"]}], [{"id": 10, "traits": ["big"]}]],
                    food_base=3, **TTF, **options)
        s.apply(Action("synthesis_b", 0))
        s.apply(Action("take", 10))
        return s
    s = second_round()
    assert "once per turn" in s.refusal(Action("synthesis_b", 0)).reason
    assert Action("synthesis_b", 0) in second_round(synthesis_every_feeding_turn=True).legal_actions()


def test_a_and_b_cannot_share_an_animal_ruling_8():
    s = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                  "players": [{"hand": ["flight/specialization_b"],
                               "animals": [{"id": 0, "traits": ["specialization_a"]}]}, {"animals": [{"id": 10}]}]},
                 **TTF)
    card = s.view(0)["players"][0]["hand"][0]["id"]
    assert "none of your animals can take Specialization B" in s.refusal(Action("trait", card, 1)).reason


def test_the_options_of_time_to_fly_need_time_to_fly():
    with pytest.raises(OptionError, match="applies only with the time_to_fly expansion"):
        load_game("origin", synthesis_every_feeding_turn=True)
    assert load_game("origin", sets="time_to_fly", synthesis_every_feeding_turn=True).options_json()["sets"] == [
        "base", "time_to_fly"]


def test_with_continents_a_and_b_block_each_other_only_within_one_location():
    """NOTES §9.2/§10: with Continents both Specializations are one trait (Synthesis), and an animal in another
    location does not block."""
    from .continents import located

    mix = {"sets": "time_to_fly,continents"}
    locations = {"laurasia": 3, "gondwana": 3, "ocean": 3}
    same = located([[{"id": 0, "traits": ["specialization_a"], "location": "gondwana"}],
                    [{"id": 10, "traits": ["specialization_b"], "location": "gondwana"}]], locations=locations, **mix)
    assert Action("synthesis_a", 0) not in same.legal_actions()
    assert "A10, has Specialization B" in same.refusal(Action("synthesis_a", 0)).reason
    apart = located([[{"id": 0, "traits": ["specialization_a"], "location": "gondwana"}],
                     [{"id": 10, "traits": ["specialization_a"], "location": "laurasia"}]], locations=locations, **mix)
    assert Action("synthesis_a", 0) in apart.legal_actions()
    apart.apply(Action("synthesis_a", 0))
    assert food(apart, 0) == 1

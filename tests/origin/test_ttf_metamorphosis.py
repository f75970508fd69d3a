"""Metamorphosis (Time to Fly, NOTES §9.2 metamorphosis, ruling 67): as the main action, discard a trait that does not
raise need and get a blue token; no limit per turn unless ``metamorphosis_once_per_turn``."""

from __future__ import annotations

from evolutio.kernel import Action

from .conftest import alive, animal, feeding, food, trait_card, trait_ids

TTF = {"sets": "time_to_fly"}


def test_metamorphosis_discards_a_trait_and_gives_a_blue_token_ruling_67():
    s = feeding([[{"id": 0, "traits": ["metamorphosis", "running", "carnivore"]}, {"id": 1}], [{"id": 10}]],
                food_base=3, **TTF)
    running, carnivore = trait_card(s, 0, "running"), trait_card(s, 0, "carnivore")
    offered = {a.args for a in s.legal_actions() if a.kind == "metamorphosis"}
    assert offered == {(0, trait_card(s, 0, "metamorphosis")), (0, running)}
    assert "does not raise the animal's need" in s.refusal(Action("metamorphosis", 0, carnivore)).reason
    s.apply(Action("metamorphosis", 0, running))
    assert trait_ids(s, 0) == ["metamorphosis", "carnivore"] and food(s, 0) == 1
    assert running in [c["id"] for c in s.view(0)["players"][0]["discard"]]
    assert s.current_player == 1   # it was the main action: seat 0's feeding turn is over


def test_metamorphosis_may_discard_itself_and_paired_traits_but_never_a_trematode():
    s = feeding([[{"id": 0, "traits": ["metamorphosis"]}, {"id": 1}], [{"id": 10}, {"id": 11}]], food_base=3,
                pairs=[{"trait": "cooperation", "animals": [0, 1]}], **TTF)
    coop = trait_card(s, 0, "cooperation")
    assert Action("metamorphosis", 0, coop) in s.legal_actions()
    s.apply(Action("metamorphosis", 0, coop))
    assert trait_ids(s, 1) == [] and food(s, 1) == 0   # the card left both animals; no Cooperation token


def test_the_trait_that_keeps_the_animal_from_eating_may_be_discarded():
    # a hibernating animal discards its Hibernation: it wakes and eats the blue token
    s = feeding([[{"id": 0, "traits": ["metamorphosis", "hibernation"], "hibernating": True}, {"id": 1}],
                 [{"id": 10}]], food_base=3, **TTF)
    hibernation, me = trait_card(s, 0, "hibernation"), trait_card(s, 0, "metamorphosis")
    assert "hibernating animal cannot receive" in s.refusal(Action("metamorphosis", 0, me)).reason
    s.apply(Action("metamorphosis", 0, hibernation))
    assert not animal(s, 0)["hibernating"] and food(s, 0) == 1


def test_a_fed_animal_without_room_cannot_metamorphose():
    s = feeding([[{"id": 0, "traits": ["metamorphosis"], "food": 1}, {"id": 1}], [{"id": 10}]], food_base=3, **TTF)
    assert "could not receive the blue token" in s.refusal(
        Action("metamorphosis", 0, trait_card(s, 0, "metamorphosis"))).reason


def test_no_limit_per_turn_unless_the_option_says_so():
    def game(**options):
        s = feeding([[{"id": 0, "traits": ["metamorphosis", "running", "tail_loss", "big"]},
                      {"id": 1, "traits": ["hibernation"]}], [{"id": 10}]], food_base=0, **TTF, **options)
        s.apply(Action("metamorphosis", 0, trait_card(s, 0, "running")))
        s.apply(Action("pass"))   # seat 0 ends its feeding turn (A1's Hibernation kept it open)
        assert s.current_player == 0   # seat 1 can do nothing and is skipped: seat 0's next feeding turn
        return s
    free = game()
    assert Action("metamorphosis", 0, trait_card(free, 0, "tail_loss")) in free.legal_actions()
    once = game(metamorphosis_once_per_turn=True)
    assert "metamorphosis_once_per_turn" in once.refusal(
        Action("metamorphosis", 0, trait_card(once, 0, "tail_loss"))).reason


def test_a_shell_discarded_by_metamorphosis_leaves_the_game():
    s = feeding([[{"id": 0, "traits": ["metamorphosis", "shell"]}], [{"id": 10}]], food_base=3, **TTF)
    shell = trait_card(s, 0, "shell")
    s.apply(Action("metamorphosis", 0, shell))
    assert alive(s, 0) and "loose_shells" not in s.view(None)
    assert shell not in [c["id"] for c in s.view(0)["players"][0]["discard"]]
    assert s.card_census()["box"] == 1

"""Migration (NOTES §10, rulings 18, 74): a main action; a Migration turn takes no food and uses no other trait;
several migrants at once, each once per turn; non-swimmers move between the continents only, swimmers between the
Ocean and a continent only, taking a Swimming card from the discard pile to leave the Ocean."""

import json

from rich.console import Console

from evolutio.cli.render import renderer_for
from evolutio.kernel import Action, Rng, load_game

from .conftest import animal, discard, table, trait_ids
from .continents import CONTINENTS, food_of, legal, located, where


def test_migrants_move_from_different_locations_in_one_migration_turn_ruling_74():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["migration"], "location": "gondwana"}], [{"id": 10}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3})
    assert {Action("migrate_gondwana", 0), Action("migrate_laurasia", 1)} <= legal(s, "migrate_gondwana") | legal(
        s, "migrate_laurasia")
    s.apply(Action("migrate_gondwana", 0))
    assert where(s, 0) == "gondwana"
    # a Migration turn: the other migrant may still move, but no food is taken and no other trait is used
    assert {a.kind for a in s.legal_actions()} == {"migrate_laurasia", "pass"}
    assert "Migration turn" in s.explain_illegal(Action("take", 0))
    s.apply(Action("migrate_laurasia", 1))
    # nothing is left to do in a Migration turn: seat 0's turn is over, and no food was taken anywhere
    assert where(s, 1) == "laurasia" and table(s)["to_act"] == 1
    assert food_of(s, "laurasia") == food_of(s, "gondwana") == food_of(s, "ocean") == 3


def test_an_animal_migrates_once_per_turn_ruling_74():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["migration"], "location": "laurasia"}], [{"id": 10}]])
    s.apply(Action("migrate_gondwana", 0))
    assert legal(s, "migrate_gondwana") == {Action("migrate_gondwana", 1)} and not legal(s, "migrate_laurasia")
    assert "already migrated this turn" in s.explain_illegal(Action("migrate_laurasia", 0))


def test_migration_is_the_main_action_ruling_18():
    # seat 0 has taken its red token in Laurasia (main action used); Hibernation keeps its turn open
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["hibernation"], "location": "laurasia"}], [{"id": 10}]],
                locations={"laurasia": 3}, feeding_flags={"main_action_used": True})
    assert legal(s, "hibernate") and not legal(s, "migrate_gondwana")
    assert "main action" in s.explain_illegal(Action("migrate_gondwana", 0))


def test_a_non_swimming_animal_never_migrates_into_the_ocean():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"}], [{"id": 10}]])
    assert "never migrates into the Ocean" in s.explain_illegal(Action("migrate_ocean", 0))


def test_a_swimmer_moves_between_the_ocean_and_a_continent_only():
    s = located([[{"id": 0, "traits": ["migration", "swimming"], "location": "gondwana", "food": 1}], [{"id": 10}]])
    assert "never from continent to continent" in s.explain_illegal(Action("migrate_laurasia", 0))
    s.apply(Action("migrate_ocean", 0))
    # into the Ocean it gives up its Swimming card (it swims by location there)
    assert where(s, 0) == "ocean" and trait_ids(s, 0) == ["migration"]
    assert any("swimming" in c for c in [t["traits"] for t in s.view(0)["players"][0]["discard"]])


def test_leaving_the_ocean_takes_a_swimming_card_from_the_owners_discard_pile():
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean", "food": 1}], [{"id": 10}]],
                discards=[["remora/swimming"], []])
    card = discard(s, 0)[0]
    s.apply(Action("migrate_laurasia", 0))
    assert where(s, 0) == "laurasia" and trait_ids(s, 0) == ["migration", "swimming"]
    assert card not in discard(s, 0) and animal(s, 0)["traits"][1]["card"] == card


def test_without_a_swimming_card_in_the_discard_pile_the_ocean_cannot_be_left():
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean"}], [{"id": 10}]], locations={"ocean": 2})
    assert not legal(s, "migrate_gondwana") and legal(s, "take")
    assert "Swimming card from its owner's discard pile, and there is none" in s.explain_illegal(
        Action("migrate_gondwana", 0))


# -- Flight's migration (Time to Fly with Continents, NOTES §10): continent to continent, 1-2 trait cards
FLYING = {"sets": "time_to_fly,continents"}


def test_a_flying_animal_with_one_or_two_traits_flies_from_continent_to_continent():
    s = located([[{"id": 0, "traits": ["flight"], "location": "laurasia"},
                  {"id": 1, "traits": ["flight", "swimming"], "location": "gondwana"}], [{"id": 10}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3}, **FLYING)
    assert legal(s, "fly_gondwana") == {Action("fly_gondwana", 0)}
    assert legal(s, "fly_laurasia") == {Action("fly_laurasia", 1)}   # a swimmer flies too, bypassing the Ocean
    assert "from the other continent" in s.explain_illegal(Action("fly_laurasia", 0))
    s.apply(Action("fly_gondwana", 0))
    assert where(s, 0) == "gondwana"
    # a Migration turn: no food, no other trait; the other flyer may still fly, each animal once per turn
    assert {a.kind for a in s.legal_actions()} == {"fly_laurasia", "pass"}
    assert "already migrated this turn" in s.explain_illegal(Action("fly_laurasia", 0))
    s.apply(Action("fly_laurasia", 1))
    assert where(s, 1) == "laurasia" and trait_ids(s, 1) == ["flight", "swimming"]
    assert food_of(s, "laurasia") == food_of(s, "gondwana") == 3


def test_an_animal_with_three_trait_cards_does_not_fly_and_nothing_flies_into_the_ocean():
    s = located([[{"id": 0, "traits": ["flight", "running", "big"], "location": "laurasia"},
                  {"id": 1, "traits": ["flight"], "location": "ocean"}], [{"id": 10}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3}, **FLYING)
    assert not legal(s, "fly_gondwana") and not legal(s, "fly_laurasia")
    assert "1-2 trait cards" in s.explain_illegal(Action("fly_gondwana", 0))
    assert "from the other continent" in s.explain_illegal(Action("fly_gondwana", 1))
    assert "fly_ocean" not in {a.kind for a in s.legal_actions()}


def test_flying_is_the_main_action_and_not_in_a_turn_that_took_food():
    s = located([[{"id": 0, "traits": ["flight"], "location": "laurasia"},
                  {"id": 1, "traits": ["hibernation"], "location": "laurasia"}], [{"id": 10}]],
                locations={"laurasia": 3}, feeding_flags={"main_action_used": True}, **FLYING)
    assert legal(s, "hibernate") and not legal(s, "fly_gondwana")
    assert "main action" in s.explain_illegal(Action("fly_gondwana", 0))


def test_without_locations_there_is_no_flying_kind():
    s = located([[{"id": 0, "traits": ["flight"]}], [{"id": 10}]], phase="development",
                continents_without_locations=True, **FLYING)
    assert not {"fly_laurasia", "fly_gondwana"} & set(s.game.action_schema().kinds)


# -- which Swimming card of the discard pile (NOTES §10): the owner's choice when it matters ----------------------
def eaten_swimmer_turn(remora: bool = False, public: int = 1):
    """Seat 1's Carnivore eats seat 0's A2, whose animal card is a Swimming card (now in seat 0's pile, unseen by
    seat 1); then seat 0, whose pile also holds ``public`` Swimming cards played as traits, is to act with A0
    (Migration) in the Ocean (and the Remora A1 there)."""
    mine = [{"id": 0, "traits": ["migration"], "location": "ocean", "food": 1},
            {"id": 2, "card": "swimming", "location": "laurasia"}]
    if remora:
        mine.insert(1, {"id": 1, "traits": ["remora"], "location": "ocean", "food": 1})
    s = located([mine, [{"id": 10, "traits": ["carnivore"], "location": "laurasia"}]], to_act=1,
                discards=[["swimming"] * public, []], locations={"laurasia": 0}, deck_size=10)
    s.apply(Action("attack", 10))
    s.apply(Action("target", 2))
    assert table(s)["to_act"] == 0
    return s


def test_leaving_the_ocean_the_owner_chooses_between_a_card_seen_by_all_and_an_animals_card():
    s = eaten_swimmer_turn()
    played, hidden = discard(s, 0)   # the Swimming card played as a trait, then A2's animal card
    s.apply(Action("migrate_gondwana", 0))
    decision = table(s)["decision"]
    assert decision == {"kind": "swimming_card", "player": 0, "animal": 0, "destination": "gondwana"}
    assert where(s, 0) == "ocean"   # it moves once the card is chosen
    assert set(s.legal_actions()) == {Action("take_swimming", played), Action("take_swimming", hidden)}
    assert "the others see it now" in s.describe(Action("take_swimming", hidden))
    assert "the others see it now" not in s.describe(Action("take_swimming", played))
    assert "is not in your discard pile" in s.explain_illegal(Action("take_swimming", 11))
    console = Console(width=120, record=True)
    console.print(renderer_for("origin")(s.view(1), 1))
    assert ("to decide: Player 1 — swimming card: the card of the discard pile A0 takes as Swimming to leave the Ocean "
            "for Gondwana") in console.export_text()
    # the question survives JSON, and a copy determinized for seat 1 asks the same question
    copy = load_game("origin", players=2, **CONTINENTS).state_from_json(json.loads(json.dumps(s.to_json())))
    assert copy.digest() == s.digest() and copy.legal_actions() == s.legal_actions()
    assert s.determinize(1, Rng(3)).legal_actions() == s.legal_actions()
    assert str(hidden) not in json.dumps(s.view(1)) and str(hidden) not in " ".join(e["text"] for e in
                                                                                   s.events_for(1))


def test_taking_the_card_seen_by_all_keeps_the_animals_card_hidden():
    s = eaten_swimmer_turn()
    played, hidden = discard(s, 0)
    s.apply(Action("migrate_gondwana", 0))
    s.apply(Action("take_swimming", played))
    assert where(s, 0) == "gondwana" and animal(s, 0)["traits"][-1]["card"] == played
    assert discard(s, 0) == [hidden] and table(s)["to_act"] == 1


def test_taking_the_animals_card_shows_it_to_all():
    s = eaten_swimmer_turn()
    played, hidden = discard(s, 0)
    s.apply(Action("migrate_gondwana", 0))
    s.apply(Action("take_swimming", hidden))
    assert where(s, 0) == "gondwana" and animal(s, 0, 1)["traits"][-1]["card"] == hidden   # seat 1 sees it now
    assert discard(s, 0) == [played]


def test_with_only_cards_seen_by_all_nobody_is_asked_they_are_alike_for_the_rules():
    # two Swimming cards played as traits (one of them a dual card): the first in pile order is taken; a card's face is
    # chosen when it is taken and never changes, so its other face and its id play no part in the rules
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean", "food": 1}], [{"id": 10}]],
                discards=[["swimming", "migration/swimming"], []])
    first, second = discard(s, 0)
    s.apply(Action("migrate_laurasia", 0))
    assert table(s)["decision"]["kind"] != "swimming_card"
    assert animal(s, 0)["traits"][-1]["card"] == first and second in discard(s, 0) and first not in discard(s, 0)


def test_with_only_an_animals_card_nobody_is_asked():
    s = eaten_swimmer_turn(public=0)
    [hidden] = discard(s, 0)
    s.apply(Action("migrate_gondwana", 0))
    assert table(s)["to_act"] == 1 and animal(s, 0)["traits"][-1]["card"] == hidden


def test_a_remora_following_out_of_the_ocean_takes_a_swimming_card_too_and_its_owner_chooses_it():
    # the migrant takes one card seen by all; the Remora then chooses between the other one and A2's animal card
    s = eaten_swimmer_turn(remora=True, public=2)
    played, other, hidden = discard(s, 0)
    s.apply(Action("migrate_gondwana", 0))
    assert table(s)["decision"]["kind"] == "swimming_card"
    s.apply(Action("take_swimming", played))
    assert table(s)["decision"]["kind"] == "remora_follow"
    s.apply(Action("follow", 1))
    assert table(s)["decision"] == {"kind": "swimming_card", "player": 0, "animal": 1, "destination": "gondwana"}
    assert set(s.legal_actions()) == {Action("take_swimming", other), Action("take_swimming", hidden)}
    s.apply(Action("take_swimming", hidden))
    assert where(s, 0) == where(s, 1) == "gondwana" and discard(s, 0) == [other]
    assert animal(s, 1, 1)["traits"][-1]["card"] == hidden and table(s)["to_act"] == 1

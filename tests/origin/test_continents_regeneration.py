"""Regeneration (NOTES §9.3, rulings 9, 58, 70): placement limits; an eaten Regeneration animal's traits stay on the
table and get a new animal card before the deal (from hand, else from the deck), and its owner draws no card for it;
it does not save from starvation."""

import json
from pathlib import Path

import pytest

from evolutio.cli.main import main
from evolutio.kernel import Action, Rng, ScenarioError, load_game, load_scenario

from .conftest import alive, animal, discard, hand, in_hand, table, trait_ids
from .continents import CONTINENTS, events, located


def test_regeneration_goes_only_on_a_simple_animal_and_limits_what_follows_ruling_9():
    s = located([[{"id": 0}, {"id": 1, "traits": ["carnivore"]}, {"id": 2, "traits": ["regeneration"]}, {"id": 3}],
                 [{"id": 10}]], phase="development", hands=[["regeneration/cooperation", "herding/carnivore"], []])
    card = in_hand(s, 0, "regeneration/cooperation")
    s.apply(Action("trait", card, 0))
    assert "no traits or with one trait that does not raise need" in s.explain_illegal(Action("target", 1))
    assert "already has Regeneration" in s.explain_illegal(Action("target", 2))
    s.apply(Action("target", 0))   # seat 1 has no cards: seat 0 plays on
    carnivore = in_hand(s, 0, "herding/carnivore")
    s.apply(Action("trait", carnivore, 1))   # Carnivore raises need: not on a Regeneration animal
    assert "takes at most one more trait, and one that does not raise need" in s.explain_illegal(
        Action("target", 0))


def test_an_eaten_regeneration_animal_is_restored_from_hand_before_the_deal_ruling_70():
    s = located([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["regeneration", "piracy"]}, {"id": 11}]],
                locations={"laurasia": 1}, hands=[[], ["running", "tail_loss"]], deck_size=20)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    husk = animal(s, 10)
    assert husk["regenerating"] and trait_ids(s, 10) == ["regeneration", "piracy"]
    hand_before = hand(s, 1)
    while s.view(None)["turn"] == 1:
        s.apply(s.legal_actions()[-1])
    assert alive(s, 10) and "regenerating" not in animal(s, 10) and animal(s, 10)["food"] == 0
    assert animal(s, 10, 1)["card"]["id"] == hand_before[-1]   # its owner chose (the last legal action): the last card
    assert [e["animal"] for e in events(s, "regenerate")] == [10]
    # seat 1 draws 1 + 2 animals - 1 regenerated = 2 cards; one card of its hand went under the animal
    assert len(hand(s, 1)) == len(hand_before) - 1 + 2


def test_a_husk_cannot_be_attacked():
    s = located([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["regeneration"]}, {"id": 11}],
                 [{"id": 20, "traits": ["carnivore"]}]], locations={"laurasia": 0})
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert s.view(None)["to_act"] == 2   # seat 1 has nothing to do
    s.apply(Action("attack", 20))
    assert "eaten Regeneration animal" in s.explain_illegal(Action("target", 10))
    assert Action("target", 11) in s.legal_actions()


def test_regeneration_does_not_save_from_starvation():
    s = located([[{"id": 0, "food": 1}], [{"id": 10, "traits": ["regeneration"]}]], locations={"laurasia": 0},
                deck_size=20)
    assert s.view(None)["turn"] == 2   # nothing to eat: the feeding phase ended at once
    assert not alive(s, 10)


def eaten_regeneration_animal(hands: list, deck_size: int = 20):
    """Seat 1's Regeneration animal A10 eaten by seat 0's Carnivore in the feeding phase of turn 1; then the turn is
    played on (the last legal action each time) up to the first decision of the extinction."""
    s = located([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["regeneration", "piracy"]}, {"id": 11}]],
                locations={"laurasia": 1}, hands=hands, deck_size=deck_size)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    while s.view(None)["turn"] == 1 and s.view(None)["decision"]["kind"] != "regeneration_card":
        s.apply(s.legal_actions()[-1])
    return s


def test_the_owner_chooses_the_hand_card_that_goes_under_the_husk_ruling_70():
    s = eaten_regeneration_animal([[], ["running", "tail_loss", "camouflage"]])
    decision = s.view(None)["decision"]
    assert decision == {"kind": "regeneration_card", "player": 1, "animal": 10}
    assert s.legal_actions() == [Action("regenerate", slot) for slot in range(3)]
    assert "hand slots are 0..2" in s.explain_illegal(Action("regenerate", 3))
    assert "now Player 2 must decide" in s.explain_illegal(Action("take", 11))
    assert "Tail Loss" in s.describe(Action("regenerate", 1))
    hand_before = hand(s, 1)
    s.apply(Action("regenerate", 1))
    assert animal(s, 10, 1)["card"]["id"] == hand_before[1]
    assert "regenerating" not in animal(s, 10)
    # the deal follows: 1 + 2 animals - 1 regenerated = 2 cards drawn; Tail Loss left the hand
    assert len(hand(s, 1)) == 2 + 2 and hand_before[1] not in hand(s, 1)
    assert table(s)["turn"] == 2


def test_a_single_hand_card_goes_under_the_husk_without_a_question():
    s = eaten_regeneration_animal([[], ["running"]])
    running = hand(s, 1)[0] if hand(s, 1) else None
    assert table(s)["turn"] == 2 and [e["animal"] for e in events(s, "regenerate")] == [10]
    assert running is None or running not in [animal(s, 10, 1)["card"]["id"]]
    assert "regenerating" not in animal(s, 10) and animal(s, 10, 1)["card"]["traits"] == ["running"]


def test_the_choice_survives_json_and_its_old_card_is_unseen_by_the_others():
    s = eaten_regeneration_animal([[], ["running", "tail_loss"]])
    game = load_game("origin", players=2, **CONTINENTS)
    copy = game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert copy.digest() == s.digest() and copy.legal_actions() == s.legal_actions()
    old = animal(s, 10, 1)["card"]["id"]
    s.apply(Action("regenerate", 0))
    assert old in discard(s, 1)
    # a determinized copy for seat 0 resamples the old animal card in seat 1's pile (like a dead animal's card)
    piles = [discard(s.determinize(0, Rng(seed)), 1) for seed in range(20)]
    assert all(len(pile) == len(discard(s, 1)) for pile in piles)
    assert any(old not in pile for pile in piles)
    # seat 1 keeps what it saw
    assert all(discard(s.determinize(1, Rng(seed)), 1) == discard(s, 1) for seed in range(5))


def test_a_scenario_in_the_extinction_phase_stops_at_the_choice_of_a_husks_card():
    s = located([[{"id": 0, "food": 1}], [{"id": 10, "traits": ["regeneration"], "regenerating": True}]],
                phase="extinction", hands=[[], ["running", "tail_loss"]], deck_size=20)
    assert table(s)["decision"] == {"kind": "regeneration_card", "player": 1, "animal": 10}
    assert animal(s, 10)["regenerating"] and table(s)["turn"] == 1
    s.apply(Action("regenerate", 0))
    assert table(s)["turn"] == 2 and "regenerating" not in animal(s, 10)
    with pytest.raises(ScenarioError, match=r"players\[1\].animals\[0\].regenerating: .* include Regeneration"):
        located([[{"id": 0}], [{"id": 10, "traits": ["running"], "regenerating": True}]], phase="extinction")


def test_the_documented_example_stops_at_the_choice_and_prints_what_the_doc_shows(capsys, monkeypatch):
    root = Path(__file__).resolve().parents[2]
    command = "$ evolutio scenario check examples/scenarios/origin-regeneration.json\n"
    doc = (root / "docs" / "origin.md").read_text(encoding="utf-8")
    shown = doc[doc.index(command) + len(command):]
    shown = shown[:shown.index("```")]
    monkeypatch.chdir(root)
    assert main(["scenario", "check", "examples/scenarios/origin-regeneration.json"]) == 0
    assert [line.rstrip() for line in capsys.readouterr().out.splitlines()] == \
        [line.rstrip() for line in shown.splitlines()]
    s = load_scenario(root / "examples" / "scenarios" / "origin-regeneration.json")
    running, tail_loss = hand(s, 1)
    s.apply(Action("regenerate", 1))
    assert animal(s, 10, 1)["card"]["id"] == tail_loss and running in hand(s, 1)
    assert len(hand(s, 1)) == 1 + 1   # Running, and the deal's 1 + 1 animal - 1 regenerated

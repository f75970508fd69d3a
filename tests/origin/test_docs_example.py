"""The example scenario in docs/scenarios.md loads and behaves as the text says."""

import json
import re
from pathlib import Path

import pytest

from evolutio.kernel import Action, IllegalAction, load_scenario

from .conftest import animal, animal_card, animal_ids, trait_cards

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def test_docs_scenario_example():
    text = DOC.read_text(encoding="utf-8")
    block = re.findall(r"```json\n(.*?)```", text, re.S)[-1]
    s = load_scenario(json.loads(block))
    assert [animal_ids(s, 0), animal_ids(s, 1)] == [[0, 1, 2], [3, 4]]
    assert animal_card(s, 0) == 4 and animal_card(s, 4) == 16
    assert "swimming" in animal(s, 3, seat=1)["card"]["traits"]
    assert 44 in trait_cards(s, 0)
    # only the owner sees the card under an animal
    assert s.view(0)["players"][0]["animals"][0]["card"]["id"] == 4
    assert "card" not in s.view(1)["players"][0]["animals"][0]
    assert s.view(1)["players"][1]["animals"][1]["card"]["id"] == 16
    assert s.current_player == 0
    assert set(s.legal_actions()) == {Action("take", 0), Action("take", 2), Action("attack", 0)}
    s.apply(Action("attack", 0))
    assert Action("target", 3) in s.legal_actions()
    with pytest.raises(IllegalAction, match="it is Camouflaged and your Carnivore lacks Sharp Vision"):
        s.apply(Action("target", 4))

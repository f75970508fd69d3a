"""The example scenario in docs/scenarios.md loads and behaves as the text says."""

import json
import re
from pathlib import Path

import pytest

from evolutio.kernel import Action, IllegalAction, load_scenario

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"


def test_docs_scenario_example():
    text = DOC.read_text(encoding="utf-8")
    block = re.findall(r"```json\n(.*?)```", text, re.S)[-1]
    s = load_scenario(json.loads(block))
    assert [s.animals[0], s.animals[1]] == [[0, 1, 2], [3, 4]]
    assert s.animal_card[0] == 4 and s.animal_card[4] == 16 and "swimming" in s.card_info(s.animal_card[3])["traits"]
    assert 44 in s.trait_cards[0]
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

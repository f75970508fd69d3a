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
    assert s.current_player == 0
    assert Action("attack", 4) in s.legal_actions()
    assert {a.kind for a in s.legal_actions()} == {"take", "attack"}
    s.apply(Action("attack", 4))
    assert Action("target", 24) in s.legal_actions()
    with pytest.raises(IllegalAction, match="it is Camouflaged and your Carnivore lacks Sharp Vision"):
        s.apply(Action("target", 16))

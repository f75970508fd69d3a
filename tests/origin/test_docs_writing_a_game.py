"""docs/writing-a-game.md: its worked example runs as written (every ```python block, in order, in one namespace)."""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "writing-a-game.md"


def test_the_worked_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert len(blocks) >= 4, "the worked example lost its code blocks"
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    state = namespace["state"]
    assert state.is_terminal and state.scores() == [3, 1]


def test_the_trait_modules_the_doc_names_exist():
    text = DOC.read_text(encoding="utf-8")
    traits = Path(__file__).resolve().parents[2] / "src" / "evolutio" / "games" / "origin" / "traits"
    for module in re.findall(r"`traits/(\w+\.py)`", text):
        assert (traits / module).is_file(), module

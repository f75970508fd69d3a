"""Every ```python block of docs/interop.md runs (in order, sharing one namespace, as a reader would paste them)."""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from pathlib import Path

import pytest

pytestmark = pytest.mark.interop

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_doc_has_examples():
    assert len(blocks()) >= 8


@pytest.mark.skipif("origin" not in __import__("evolutio").list_games(), reason="the doc's examples use origin")
def test_doc_examples_run():
    ns: dict = {"__name__": "__doc_example__"}
    out = io.StringIO()
    with warnings.catch_warnings(), contextlib.redirect_stdout(out):
        warnings.simplefilter("ignore")
        for i, code in enumerate(blocks()):
            try:
                exec(compile(code, f"{DOC.name}[block {i + 1}]", "exec"), ns)
            except Exception as exc:  # pragma: no cover - the message names the block
                raise AssertionError(f"docs/interop.md python block {i + 1} failed: {exc!r}\n{code}") from exc
    assert "ISMCTS game over" in out.getvalue()

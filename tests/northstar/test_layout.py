"""The arrows and sizes of ARCHITECTURE.md "Layout" for the northstar ruleset and the tools that judge it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "evolutio"
#: the most lines a Python file of a ruleset may have
MAX_LINES = 700


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, function-level imports included (relative imports resolved)."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            else:
                found.add(node.module or "")
    return found


@pytest.mark.parametrize("path", sorted((SRC / "conformance").glob("*.py")) + [SRC / "bots" / "cs4500_silly.py"],
                         ids=lambda p: p.name)
def test_the_harness_and_the_silly_bot_reach_the_game_only_through_the_registry(path):
    games = sorted(m for m in imported_modules(path) if m.startswith("evolutio.games"))
    assert games == [], f"{path.name} imports {games}"


def test_no_python_file_of_the_ruleset_is_over_the_limit():
    too_long = {str(p.relative_to(SRC)): n for p in (SRC / "games" / "northstar").rglob("*.py")
                if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert too_long == {}


def test_the_ruleset_imports_no_bot_server_cli_or_conformance_tool():
    for path in (SRC / "games" / "northstar").rglob("*.py"):
        outside = sorted(m for m in imported_modules(path)
                         if m.startswith(("evolutio.bots", "evolutio.cli", "evolutio.sim", "evolutio.conformance",
                                          "evolutio.interop", "evolutio.server")))
        assert outside == [], f"{path.relative_to(SRC)} imports {outside}"


def test_defensive_traits_are_named_only_in_their_modules():
    """The feeding rules ask the hook tables; the defensive traits' bits are not used there."""
    text = (SRC / "games" / "northstar" / "feeding.py").read_text(encoding="utf-8")
    for bit in ("B_BURROW", "B_CLIMB", "B_HERD", "B_SHELL", "B_SYMB", "B_WARN", "B_AMBUSH", "B_PACK"):
        assert bit not in text, bit

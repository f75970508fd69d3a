"""The message catalogs of the browser client: every language has exactly the English keys, and every key the client
asks for exists."""

from __future__ import annotations

import re
from pathlib import Path

import evolutio.server

STATIC = Path(evolutio.server.__file__).with_name("static")
KEY_LINE = re.compile(r'^\s*"([a-z0-9_.-]+)":\s*"(.*)",\s*$')
LOOKUP = re.compile(r'\bt(?:Or)?\("([a-z0-9_.-]+)"')


def catalog(language: str) -> dict[str, str]:
    entries = {}
    for line in (STATIC / "i18n" / f"{language}.js").read_text(encoding="utf-8").splitlines():
        match = KEY_LINE.match(line)
        if match:
            assert match.group(1) not in entries, f"{language}.js: {match.group(1)} twice"
            entries[match.group(1)] = match.group(2)
    return entries


def test_every_catalog_has_the_english_keys() -> None:
    english = catalog("en")
    assert len(english) > 100
    russian = catalog("ru")
    assert sorted(russian) == sorted(english)
    assert all(text.strip() for text in russian.values())


def test_every_key_the_client_asks_for_is_in_the_catalog() -> None:
    english = catalog("en")
    asked = set()
    for module in (STATIC / "js").rglob("*.js"):
        asked.update(LOOKUP.findall(module.read_text(encoding="utf-8")))
    missing = sorted(asked - set(english))
    assert not missing, f"keys missing from en.js: {missing}"

"""The card data of Ice Age (Ледниковый период, unofficial; NOTES.md §11): its two traits, its trait cards and its
nature-change cards, read from ``data/ice_age.json`` (the project's reconstruction) or from a user's file (option
``ice_age_file``) and validated with errors that name the JSON path::

    ice_age_file: cards[3].effect.kind: unknown effect 'frezze' (known: discard_trait, draw, food_base, lose_fat, need)

The file's records say whether they are reconstructed (``"reconstructed": true``); views show it wherever a player
sees these cards. The effect vocabulary (:data:`EFFECT_KINDS`) and the timings (:data:`WHEN`) are described in
``docs/origin.md`` ("Ice Age"); what the effects do is ``nature.py``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from evolutio.kernel.errors import OptionError

from .card_data import ICE_AGE_DATA, MAX_ICE_AGE_TRAIT_CARDS
from .traits import EN, RECONSTRUCTED_TRAITS, TRAIT_IDS, TRAIT_NUM

#: when a nature-change card acts (NOTES §11.2): at once (the end of the extinction phase that revealed it), when the
#: next turn's food base is rolled, at the start of the next feeding phase, or in the next extinction phase (before
#: the deaths)
IMMEDIATE, NEXT_FOOD_BASE, NEXT_FEEDING, NEXT_EXTINCTION = WHEN = (
    "immediate", "next_food_base", "next_feeding", "next_extinction")
#: effect kind -> (the timings it may have, the range of its ``amount`` or ``None``, does it act on matching animals)
EFFECT_KINDS: dict[str, tuple[tuple[str, ...], tuple[int, int] | None, bool]] = {
    "food_base": ((NEXT_FOOD_BASE,), (-6, 6), False),
    "need": ((NEXT_FEEDING,), (-1, 2), True),
    "lose_fat": ((IMMEDIATE, NEXT_FEEDING, NEXT_EXTINCTION), (1, 3), True),
    "discard_trait": ((IMMEDIATE, NEXT_FEEDING, NEXT_EXTINCTION), None, True),
    "draw": ((IMMEDIATE, NEXT_FEEDING, NEXT_EXTINCTION), (1, 2), False),
}
FILTER_KEYS = ("has", "has_any", "lacks", "min_traits", "max_traits")
#: most nature-change cards a file may hold (the expansion has 14)
MAX_NATURE_CARDS = 40
SHIPPED = "data/ice_age.json"


@dataclass(frozen=True)
class AnimalFilter:
    """Which animals an effect acts on: all of ``has``, at least one of ``has_any`` (if any), none of ``lacks``
    (trait bit masks), and ``min_traits`` .. ``max_traits`` trait cards."""

    has: int = 0
    has_any: int = 0
    lacks: int = 0
    min_traits: int = 0
    max_traits: int | None = None
    spec: dict[str, Any] = field(default_factory=dict, compare=False)

    def matches(self, trait_mask: int, trait_count: int) -> bool:
        if trait_mask & self.has != self.has or trait_mask & self.lacks:
            return False
        if self.has_any and not trait_mask & self.has_any:
            return False
        return trait_count >= self.min_traits and (self.max_traits is None or trait_count <= self.max_traits)


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    trait: int = -1            # discard_trait: the trait to discard (-1: the trait card played last)
    filter: AnimalFilter | None = None   # None: the effect does not act on animals (food_base, draw)


@dataclass(frozen=True)
class NatureCard:
    index: int
    id: str
    ru: str
    en: str
    text: str
    tags: frozenset[str]
    when: str
    effect: Effect
    reconstructed: bool
    source: str
    raw_effect: dict[str, Any]

    def info(self) -> dict[str, Any]:
        """The card as views show it."""
        return {"index": self.index, "id": self.id, "name": self.en, "ru": self.ru, "text": self.text,
                "tags": sorted(self.tags), "when": self.when, "effect": self.raw_effect,
                "reconstructed": self.reconstructed, "source": self.source}


@dataclass(frozen=True)
class IceAgeData:
    path: str                                   # the file read (``SHIPPED`` for the project's reconstruction)
    reconstructed: bool
    trait_cards: tuple[tuple[tuple[str, ...], int], ...]   # (trait ids on the card, copies)
    ignores: dict[str, frozenset[str]]          # trait id -> the tags of the nature cards it ignores
    trait_text: dict[str, str]
    trait_reconstructed: dict[str, bool]
    cards: tuple[NatureCard, ...]

    def card_by_id(self, name: str) -> NatureCard | None:
        return next((c for c in self.cards if c.id == name), None)


class _Reader:
    """Validation helpers: every error names the JSON path."""

    def fail(self, where: str, message: str) -> OptionError:
        return OptionError(f"ice_age_file: {where}: {message}" if where else f"ice_age_file: {message}")

    def obj(self, value: Any, where: str, keys: set[str], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object, got {type(value).__name__}")
        unknown = sorted(set(value) - keys)
        if unknown:
            raise self.fail(f"{where}.{unknown[0]}" if where else unknown[0],
                            f"unknown field (known: {', '.join(sorted(keys))})")
        for key in required:
            if key not in value:
                raise self.fail(where, f"missing field '{key}'")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"must be a non-empty string, got {value!r}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"must be true or false, got {value!r}")
        return value

    def number(self, value: Any, where: str, lo: int, hi: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(where, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list, got {type(value).__name__}")
        return value

    def trait(self, value: Any, where: str) -> int:
        if value not in TRAIT_NUM:
            raise self.fail(where, f"unknown trait {value!r} (known: {', '.join(TRAIT_IDS)})")
        return TRAIT_NUM[value]

    def mask(self, value: Any, where: str) -> int:
        return sum(1 << self.trait(t, f"{where}[{i}]") for i, t in enumerate(self.items(value, where)))


def _filter(r: _Reader, value: Any, where: str) -> AnimalFilter:
    spec = r.obj(value, where, set(FILTER_KEYS))
    lo = r.number(spec.get("min_traits", 0), f"{where}.min_traits", 0, 99)
    hi = spec.get("max_traits")
    if hi is not None:
        hi = r.number(hi, f"{where}.max_traits", lo, 99)
    return AnimalFilter(r.mask(spec.get("has", []), f"{where}.has"),
                        r.mask(spec.get("has_any", []), f"{where}.has_any"),
                        r.mask(spec.get("lacks", []), f"{where}.lacks"), lo, hi, dict(spec))


def _effect(r: _Reader, value: Any, where: str, when: str) -> Effect:
    spec = r.obj(value, where, {"kind", "amount", "trait", "filter"}, ("kind",))
    kind = spec["kind"]
    if kind not in EFFECT_KINDS:
        raise r.fail(f"{where}.kind", f"unknown effect {kind!r} (known: {', '.join(sorted(EFFECT_KINDS))})")
    timings, amounts, on_animals = EFFECT_KINDS[kind]
    if when not in timings:
        raise r.fail(where.rsplit(".", 1)[0] + ".when",
                     f"a {kind!r} effect acts {' or '.join(repr(t) for t in timings)}, not {when!r}")
    amount = 0
    if amounts is not None:
        if "amount" not in spec:
            raise r.fail(where, f"missing field 'amount' (a {kind!r} effect needs it)")
        amount = r.number(spec["amount"], f"{where}.amount", *amounts)
        if not amount:
            raise r.fail(f"{where}.amount", "must not be 0")
    elif "amount" in spec:
        raise r.fail(f"{where}.amount", f"a {kind!r} effect takes no amount")
    trait = -1
    if "trait" in spec:
        if kind != "discard_trait":
            raise r.fail(f"{where}.trait", f"only a 'discard_trait' effect names a trait, not {kind!r}")
        trait = r.trait(spec["trait"], f"{where}.trait")
    if not on_animals:
        if "filter" in spec:
            raise r.fail(f"{where}.filter", f"a {kind!r} effect acts on players, not on animals: it takes no filter")
        return Effect(kind, amount, trait)
    return Effect(kind, amount, trait, _filter(r, spec.get("filter", {}), f"{where}.filter"))


def parse(data: Any, path: str) -> IceAgeData:
    """Validate the Ice Age data ``data`` (read from ``path``); raises :class:`OptionError` naming the JSON path."""
    r = _Reader()
    top = r.obj(data, "", {"reconstructed", "source", "note", "traits", "trait_cards", "cards"},
                ("reconstructed", "source", "traits", "trait_cards", "cards"))
    reconstructed = r.flag(top["reconstructed"], "reconstructed")
    r.text(top["source"], "source")
    traits = r.obj(top["traits"], "traits", set(RECONSTRUCTED_TRAITS), tuple(sorted(RECONSTRUCTED_TRAITS)))
    ignores: dict[str, frozenset[str]] = {}
    texts: dict[str, str] = {}
    trait_reconstructed: dict[str, bool] = {}
    for tid in sorted(traits):
        where = f"traits.{tid}"
        row = r.obj(traits[tid], where, {"ru", "en", "text", "ignores_tags", "reconstructed", "source"},
                    ("text", "ignores_tags", "reconstructed", "source"))
        texts[tid] = r.text(row["text"], f"{where}.text")
        ignores[tid] = frozenset(r.text(t, f"{where}.ignores_tags[{i}]")
                                 for i, t in enumerate(r.items(row["ignores_tags"], f"{where}.ignores_tags")))
        trait_reconstructed[tid] = r.flag(row["reconstructed"], f"{where}.reconstructed")
        r.text(row["source"], f"{where}.source")
        for key in ("ru", "en"):
            if key in row and row[key] != (EN[TRAIT_NUM[tid]] if key == "en" else ICE_AGE_DATA["traits"][tid]["ru"]):
                raise r.fail(f"{where}.{key}", f"the trait's name is fixed ({ICE_AGE_DATA['traits'][tid][key]!r}); "
                             "a file changes its text and tags")
    kinds = []
    total = 0
    for i, kind in enumerate(r.items(top["trait_cards"], "trait_cards")):
        where = f"trait_cards[{i}]"
        kind = r.obj(kind, where, {"traits", "count", "reconstructed", "source"}, ("traits", "count"))
        faces = r.items(kind["traits"], f"{where}.traits")
        if not 1 <= len(faces) <= 2:
            raise r.fail(f"{where}.traits", f"a card has 1 or 2 traits, got {len(faces)}")
        for j, tid in enumerate(faces):
            if tid not in RECONSTRUCTED_TRAITS:
                raise r.fail(f"{where}.traits[{j}]",
                             f"not an Ice Age trait {tid!r} (known: {', '.join(sorted(RECONSTRUCTED_TRAITS))})")
        count = r.number(kind["count"], f"{where}.count", 1, MAX_ICE_AGE_TRAIT_CARDS)
        total += count
        kinds.append((tuple(faces), count))
    if total > MAX_ICE_AGE_TRAIT_CARDS:
        raise r.fail("trait_cards", f"{total} cards; at most {MAX_ICE_AGE_TRAIT_CARDS}")
    cards: list[NatureCard] = []
    seen: dict[str, int] = {}
    items = r.items(top["cards"], "cards")
    if not 1 <= len(items) <= MAX_NATURE_CARDS:
        raise r.fail("cards", f"{len(items)} nature-change cards; a file has 1 to {MAX_NATURE_CARDS} (Ice Age: 14)")
    for i, card in enumerate(items):
        where = f"cards[{i}]"
        card = r.obj(card, where, {"id", "ru", "en", "text", "tags", "when", "effect", "reconstructed", "source"},
                     ("id", "ru", "en", "text", "tags", "when", "effect", "reconstructed", "source"))
        cid = r.text(card["id"], f"{where}.id")
        if cid in seen:
            raise r.fail(f"{where}.id", f"{cid!r} is also the id of cards[{seen[cid]}]")
        seen[cid] = i
        when = card["when"]
        if when not in WHEN:
            raise r.fail(f"{where}.when", f"unknown timing {when!r} (known: {', '.join(WHEN)})")
        tags = frozenset(r.text(t, f"{where}.tags[{j}]") for j, t in enumerate(r.items(card["tags"], f"{where}.tags")))
        cards.append(NatureCard(i, cid, r.text(card["ru"], f"{where}.ru"), r.text(card["en"], f"{where}.en"),
                                r.text(card["text"], f"{where}.text"), tags, when,
                                _effect(r, card["effect"], f"{where}.effect", when),
                                r.flag(card["reconstructed"], f"{where}.reconstructed"),
                                r.text(card["source"], f"{where}.source"), dict(card["effect"])))
    return IceAgeData(path, reconstructed, tuple(kinds), ignores, texts, trait_reconstructed, tuple(cards))


@lru_cache(maxsize=1)
def shipped() -> IceAgeData:
    """The project's reconstruction (``data/ice_age.json``), validated once."""
    return parse(ICE_AGE_DATA, SHIPPED)


def load(path: str = "") -> IceAgeData:
    """The Ice Age data of a game: the shipped reconstruction (``path`` empty) or the file at ``path`` (read each
    time: a file edited between games is read again)."""
    if not path:
        return shipped()
    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except OSError as error:
        raise OptionError(f"ice_age_file: cannot read {path!r}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise OptionError(f"ice_age_file: {path!r} is not valid JSON: line {error.lineno} column {error.colno}: "
                          f"{error.msg}") from None
    return parse(data, path)

"""The New World card data: traits, the evolution-card list and the area cards, read from ``data/cards.json``.

The file is a copy of the rules pack's ``cards.json`` (see its ``source`` field). Much of it is reconstructed (NOTES
§13.3); a user with the real cards replaces it through the ``data`` option with a file of the same form. Every
problem in such a file is refused with one line naming its JSON path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from evolutio.kernel import OptionError
from evolutio.kernel.jsonfile import read_json

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "cards.json"

#: the 29 traits the engine has rules for, in bit order (bit i of an animal's trait mask = TRAIT_IDS[i])
TRAIT_IDS: tuple[str, ...] = (
    "carnivorous", "fat_tissue", "swimming", "massive", "nocturnal", "burrowing", "piracy", "running", "symbiosis",
    "adverse_mutation", "communication", "cooperation", "grazing", "sharp_vision", "camouflage", "poisonous",
    "parasite", "tail_loss", "scavenger", "hibernation", "metamorphosis", "repellent", "horned", "stagnation",
    "adaptable", "mimicry", "flight", "shy", "herding",
)
TRAIT_INDEX: dict[str, int] = {trait: index for index, trait in enumerate(TRAIT_IDS)}
RECEIVERS = ("own", "opponents", "any", "own_pair")
NO_TRAITS = "no_traits"


@dataclass(frozen=True)
class Trait:
    id: str
    en: str
    cs: str
    size: str
    food: int
    score_bonus: int
    harmful: bool
    paired: bool
    stackable: bool
    receivers: str
    params: dict[str, Any]
    reconstructed: bool


@dataclass(frozen=True)
class AreaHalf:
    id: str
    en: str
    cs: str
    requires: str | None  # a trait id, "no_traits", or None (open to every animal)
    food: int
    shelter: int
    food_cap: int  # Swamp: the most red it may hold; otherwise equal to food


@dataclass(frozen=True)
class AreaCard:
    id: str
    en: str
    cs: str
    swamp: bool
    halves: tuple[AreaHalf, ...]
    reconstructed: bool


@dataclass(frozen=True)
class RulesData:
    traits: tuple[Trait, ...]
    card_large: tuple[int, ...]  # trait index of each evolution card's large side
    card_small: tuple[int, ...]
    areas: tuple[AreaCard, ...]
    periods: int
    starting_hand: int
    hand_limit: int
    swamp_food_cap: int
    score_per_animal: int
    score_per_trait_card: int
    base_food_requirement: int
    source: str
    #: the trait-mask bits of the paired traits (Symbiosis, Communication, Cooperation in the built-in data)
    paired_mask: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "paired_mask", sum(1 << index for index, trait in enumerate(self.traits)
                                                    if trait.paired))


def _fail(path: str, message: str) -> OptionError:
    return OptionError(f"newworld data {path}: {message}")


def _get(node: Any, key: str, path: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(node, dict):
        raise _fail(path, f"expected an object, got {type(node).__name__}")
    if key not in node:
        raise _fail(f"{path}.{key}", "missing")
    value = node[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if bool not in kinds and isinstance(value, bool) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise _fail(f"{path}.{key}", f"expected {names}, got {value!r}")
    return value


def _count(node: Any, key: str, path: str, low: int = 0) -> int:
    value = _get(node, key, path, int)
    if value < low:
        raise _fail(f"{path}.{key}", f"must be at least {low}, got {value}")
    return int(value)


def parse_rules_data(document: Any, source: str) -> RulesData:
    """Validate a cards.json document and build the tables the engine uses."""
    if not isinstance(document, dict):
        raise _fail("$", f"expected an object, got {type(document).__name__}")
    traits_json = _get(document, "traits", "$", list)
    by_id: dict[str, Trait] = {}
    for index, row in enumerate(traits_json):
        path = f"$.traits[{index}]"
        trait_id = _get(row, "id", path, str)
        if trait_id not in TRAIT_INDEX:
            raise _fail(f"{path}.id", f"unknown trait {trait_id!r}; the engine knows {', '.join(TRAIT_IDS)}")
        if trait_id in by_id:
            raise _fail(f"{path}.id", f"trait {trait_id!r} is listed twice")
        receivers = _get(row, "receivers", path, str)
        if receivers not in RECEIVERS:
            raise _fail(f"{path}.receivers", f"must be one of {', '.join(RECEIVERS)}, got {receivers!r}")
        size = _get(row, "size", path, str)
        if size not in ("large", "small"):
            raise _fail(f"{path}.size", f"must be large or small, got {size!r}")
        by_id[trait_id] = Trait(
            id=trait_id, en=_get(row, "en", path, str), cs=_get(row, "cs", path, str), size=size,
            food=_count(row, "food", path), score_bonus=_count(row, "score_bonus", path),
            harmful=_get(row, "harmful", path, bool), paired=_get(row, "paired", path, bool),
            stackable=_get(row, "stackable", path, bool), receivers=receivers,
            params=_get(row, "params", path, dict),
            reconstructed=bool(row.get("reconstructed", row.get("status") == "reconstructed")))
    missing = [trait for trait in TRAIT_IDS if trait not in by_id]
    if missing:
        raise _fail("$.traits", f"missing trait(s) {', '.join(missing)}")
    for trait_id, param in (("running", "die_success"), ("horned", "die_success")):
        values = by_id[trait_id].params.get(param)
        path = f"$.traits[{list(by_id).index(trait_id)}].params.{param}"
        if not isinstance(values, list) or not values or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values):
            raise _fail(path, f"must be a non-empty list of die faces 1..6, got {values!r}")
    traits = tuple(by_id[trait] for trait in TRAIT_IDS)

    cards_json = _get(document, "cards", "$", dict)
    card_large: list[int] = []
    card_small: list[int] = []
    for index, row in enumerate(_get(cards_json, "list", "$.cards", list)):
        path = f"$.cards.list[{index}]"
        large = _get(row, "large", path, str)
        small = _get(row, "small", path, str)
        for key, trait_id in (("large", large), ("small", small)):
            if trait_id not in by_id:
                raise _fail(f"{path}.{key}", f"unknown trait {trait_id!r}")
        count = _count(row, "count", path, 1)
        card_large.extend([TRAIT_INDEX[large]] * count)
        card_small.extend([TRAIT_INDEX[small]] * count)

    rules = _get(document, "rules_config", "$", dict)
    swamp_cap = _count(rules, "swamp_food_cap", "$.rules_config", 1)
    areas: list[AreaCard] = []
    seen: set[str] = set()
    for index, row in enumerate(_get(_get(document, "areas", "$", dict), "list", "$.areas", list)):
        path = f"$.areas.list[{index}]"
        area_id = _get(row, "id", path, str)
        if area_id in seen:
            raise _fail(f"{path}.id", f"area {area_id!r} is listed twice")
        seen.add(area_id)
        special = row.get("special")
        if special not in (None, "swamp"):
            raise _fail(f"{path}.special", f"must be null or \"swamp\", got {special!r}")
        halves_json = _get(row, "halves", path, list)
        if len(halves_json) not in (1, 2):
            raise _fail(f"{path}.halves", f"an area card has 1 or 2 halves, got {len(halves_json)}")
        halves = []
        for half_index, half in enumerate(halves_json):
            half_path = f"{path}.halves[{half_index}]"
            requires = half.get("requires") if isinstance(half, dict) else None
            if requires is not None and requires != NO_TRAITS and requires not in by_id:
                raise _fail(f"{half_path}.requires", f"must be null, {NO_TRAITS!r} or a trait id, got {requires!r}")
            food = _count(half, "food", half_path)
            cap = food + _count(half, "food_faded", half_path) if "food_faded" in half else food
            if special == "swamp":
                cap = min(_count(half, "food_cap", half_path, 1), swamp_cap) if "food_cap" in half else swamp_cap
            halves.append(AreaHalf(_get(half, "id", half_path, str), _get(half, "en", half_path, str),
                                   _get(half, "cs", half_path, str), requires, food,
                                   _count(half, "shelter", half_path), cap))
        areas.append(AreaCard(area_id, _get(row, "en", path, str), _get(row, "cs", path, str), special == "swamp",
                              tuple(halves), bool(row.get("reconstructed", row.get("status") == "reconstructed"))))
    return RulesData(
        traits=traits, card_large=tuple(card_large), card_small=tuple(card_small), areas=tuple(areas),
        periods=_count(rules, "periods", "$.rules_config", 1),
        starting_hand=_count(rules, "starting_hand", "$.rules_config", 1),
        hand_limit=_count(rules, "hand_limit", "$.rules_config", 1),
        swamp_food_cap=swamp_cap,
        score_per_animal=_count(rules, "score_per_surviving_animal", "$.rules_config"),
        score_per_trait_card=_count(rules, "score_per_trait_card", "$.rules_config"),
        base_food_requirement=_count(rules, "base_food_requirement", "$.rules_config"),
        source=source)


@lru_cache(maxsize=8)
def load_rules_data(path: str = "") -> RulesData:
    """The default data, or a user's replacement file (errors name the file and the JSON path)."""
    target = Path(path) if path else DEFAULT_DATA
    document = read_json(target, OptionError, f"newworld data file {target}")
    return parse_rules_data(document, str(target) if path else "built-in (reconstructed where marked)")

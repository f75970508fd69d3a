"""What the legal-action generation reads on every decision that depends only on the rules data: worked out once per
data set (the built-in data, or a user's ``-o data=FILE``) and shared by every position of that data as
``state.tables``, so that the hot path reads an attribute instead of looking a cache up by the data's identity."""

from __future__ import annotations

from .actions import PLAY_PAIRED_ROWS, PLAY_TRAIT_ROWS, SIDE_LARGE, SIDE_SMALL, ActionTable
from .data import NO_TRAITS, TRAIT_IDS, RulesData
from .traits import HOOKS, PLACEMENT_READS

#: who may receive a single trait card (``Trait.receivers``), as the codes of :attr:`HotTables.placement`
TO_OWN, TO_ANY, TO_OPPONENTS = 0, 1, 2
#: :attr:`HotTables.slot_access` of a half that only an animal without trait cards may use (Glaciers)
NEEDS_NO_TRAITS = -1
#: a placement verdict's key is ``(trait mask & placement_reads) << TRAIT_BITS | trait``
TRAIT_BITS = len(TRAIT_IDS).bit_length()
#: the most placement verdicts kept per data set (reached only when a hook applies to every animal, so that the whole
#: trait mask is the key)
VERDICTS_REMEMBERED = 16384
#: the most area rows whose slots are kept per data set
AREA_ROWS_REMEMBERED = 4096


class HotTables:
    """Per rules data set:

    - ``card_sides[card]``: the large and the small side as ``(trait, row of actions)`` (``play_trait`` by animal, or
      ``play_paired`` by ``(animal, direction)``);
    - ``placement[trait]``: paired?, who receives it (``TO_OWN``/``TO_ANY``/``TO_OPPONENTS``), and the bit an animal
      that already has it refuses a second copy by (0 for a stackable trait);
    - ``placement_hooked``: the traits with a ``placement_check`` hook (every bit when a hook applies to all animals);
    - ``placement_reads``: the trait bits a ``placement_check`` verdict depends on (``traits/__init__.py``);
    - ``verdicts``: the placement verdicts found so far (see :func:`.legal.hooks_allow`);
    - ``slot_access[slot]``: what an area half asks of an animal without Adaptable: 0 (open to every animal), the bit
      of the trait it needs, or ``NEEDS_NO_TRAITS``;
    - ``slots_by_row``: the area slots in play (:meth:`.state.NewWorldState.slots`) by the area row they come from.
    """

    __slots__ = ("card_sides", "data", "placement", "placement_hooked", "placement_reads", "slot_access",
                 "slots_by_row", "verdicts")

    def __init__(self, data: RulesData) -> None:
        self.data = data
        traits = data.traits
        self.card_sides: list[tuple[tuple[int, ActionTable], tuple[int, ActionTable]]] = [
            ((large, (PLAY_PAIRED_ROWS if traits[large].paired else PLAY_TRAIT_ROWS)[card, SIDE_LARGE]),
             (small, (PLAY_PAIRED_ROWS if traits[small].paired else PLAY_TRAIT_ROWS)[card, SIDE_SMALL]))
            for card, (large, small) in enumerate(zip(data.card_large, data.card_small))]
        codes = {"own": TO_OWN, "any": TO_ANY}
        self.placement: list[tuple[bool, int, int]] = [
            (info.paired, codes.get(info.receivers, TO_OPPONENTS), 0 if info.stackable else 1 << index)
            for index, info in enumerate(traits)]
        everyone = bool(HOOKS.handlers("placement_check", 0))
        self.placement_hooked = -1 if everyone else HOOKS.traits_with("placement_check")
        reads = self.placement_hooked
        for extra in PLACEMENT_READS:
            reads |= extra(data)
        self.placement_reads = reads
        self.verdicts: dict[int, bool] = {}
        access = []
        for area in data.areas:
            for index in range(2):
                requires = area.halves[index].requires if index < len(area.halves) else None
                access.append(0 if requires is None else NEEDS_NO_TRAITS if requires == NO_TRAITS
                              else HOOKS.bit[requires])
        self.slot_access: list[int] = access
        self.slots_by_row: dict[tuple[int, ...], tuple[int, ...]] = {}


def tables_for(data: RulesData) -> HotTables:
    """The tables of a data set (made on first use)."""
    found = _BY_DATA.get(id(data))
    if found is None or found[0] is not data:
        found = _BY_DATA[id(data)] = (data, HotTables(data))
    return found[1]


_BY_DATA: dict[int, tuple[RulesData, HotTables]] = {}


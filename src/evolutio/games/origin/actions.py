"""Action kinds of ``origin`` and a cache of every Action object (actions are immutable, so legal-action lists
reuse these objects instead of building new ones on the hot path).

Arguments are animal numbers (0 .. deck size - 1, given to animals in order of appearance — never the id of the
animal's card, whose trait side only its owner may see), hand slots, ids of cards played face up as traits, or tiny
numbers. The expansions' traits add kinds of their own (``traits.trait_action``), in the games whose deck has them.

| kind | args | when |
|---|---|---|
| ``pass`` | – | development: pass (final for the phase); feeding: end your feeding turn (not allowed while taking a red token is compulsory) |
| ``animal`` | slot | development: play the card in this slot of your hand (0 = first card of your view's ``hand``) as a new animal; it gets the next animal number |
| ``trait`` | card, face | development: play a card from hand as a trait (face 0 = top trait, 1 = the bottom trait of a dual card); then ``target`` |
| ``target`` | animal | the target of the pending choice: trait target (two for paired traits; for Symbiosis the first one is the symbiont), attack target, piracy victim |
| ``take`` | animal | feeding, main action: take a red token from the food base for your animal |
| ``attack`` | carnivore | feeding, main action: attack with this Carnivore; then ``target`` |
| ``convert`` | animal, tokens | feeding, main action: turn that many yellow (fat) tokens of the animal into blue food |
| ``pirate`` | animal | feeding, free: steal a token with this Piracy animal; then ``target`` |
| ``tramp`` | animal | feeding, free: this Tramp animal destroys one red token of the food base |
| ``hibernate`` | animal | feeding, free: this animal goes into Hibernation |
| ``fire`` | card, side | order of simultaneous Communication/Cooperation triggers: fire this paired card towards its animal ``side`` (0 = first listed animal, 1 = second) |
| ``run`` | – | defender: roll the Running die |
| ``mimic`` | animal | defender: Mimicry redirects the attack to this other animal of yours |
| ``tail`` | card | defender: Tail Loss drops this trait card of the attacked animal |
| ``accept`` | – | defender: use no (further) defence — the animal is eaten |
| ``scavenge`` | animal | which of your Scavengers gets the blue token |
"""

from __future__ import annotations

from evolutio.kernel import Action, ActionSchema
from evolutio.kernel.flow import Refusal

from .card_data import MAX_CARDS

#: the cached actions cover every deck any options give; a game's schema (:func:`schema`) covers its own deck
N = MAX_CARDS

PASS = Action("pass")
RUN = Action("run")
ACCEPT = Action("accept")
ANIMAL = tuple(Action("animal", i) for i in range(N))   # by hand slot
TRAIT = tuple((Action("trait", c, 0), Action("trait", c, 1)) for c in range(N))
TARGET = tuple(Action("target", a) for a in range(N))
TAKE = tuple(Action("take", a) for a in range(N))
ATTACK = tuple(Action("attack", a) for a in range(N))
PIRATE = tuple(Action("pirate", a) for a in range(N))
TRAMP_A = tuple(Action("tramp", a) for a in range(N))
HIBERNATE = tuple(Action("hibernate", a) for a in range(N))
FIRE = tuple(Action("fire", x >> 1, x & 1) for x in range(2 * N))
MIMIC = tuple(Action("mimic", a) for a in range(N))
TAIL = tuple(Action("tail", c) for c in range(N))
SCAVENGE = tuple(Action("scavenge", a) for a in range(N))

# CONVERT[a][k - 1] = convert k yellow tokens of animal a (k = 1..MAX_FAT; the schema's range may be smaller: an
# animal never holds more yellow tokens than there are Fat Tissue cards in the deck)
MAX_FAT = 40
CONVERT = tuple(tuple(Action("convert", a, k) for k in range(1, MAX_FAT + 1)) for a in range(N))


def convert(a: int, n: int) -> Action:
    if 1 <= n <= MAX_FAT:
        return CONVERT[a][n - 1]
    return Action("convert", a, n)


#: the arguments of each action kind of the base game, in words (what a malformed action is told)
ARGUMENTS: dict[str, tuple[str, ...]] = {
    "pass": (), "animal": ("hand slot",), "trait": ("card id", "face"), "target": ("animal number",),
    "take": ("animal number",), "attack": ("animal number",), "convert": ("animal number", "token count"),
    "pirate": ("animal number",), "tramp": ("animal number",), "hibernate": ("animal number",),
    "fire": ("card id", "side"), "run": (), "mimic": ("animal number",), "tail": ("card id",), "accept": (),
    "scavenge": ("animal number",),
}
#: the arguments that are card ids, animal numbers or hand slots (0 .. deck size - 1); the others are small numbers
NUMBERED = frozenset(("hand slot", "card id", "animal number"))
SMALL_NUMBER_LIMIT = {"face": 2, "side": 2, "token count": MAX_FAT + 1}


def arguments(trait_kinds: tuple[str, ...],
              kind_arguments: dict[str, tuple[str, ...]] | None = None) -> dict[str, tuple[str, ...]]:
    """The arguments of each action kind of a game whose deck adds the expansion traits' ``trait_kinds`` (each takes
    one animal number unless ``kind_arguments`` says otherwise: ``traits.KIND_ARGUMENTS``)."""
    given = kind_arguments or {}
    return {**ARGUMENTS, **{kind: given.get(kind, ("animal number",)) for kind in trait_kinds}}


def malformed(action: Action, kinds: dict[str, tuple[str, ...]], num_cards: int) -> Refusal | None:
    """Why ``action`` is not an action of this game of ``origin`` at all (unknown kind, wrong arguments), or ``None``;
    ``kinds``: the game's action kinds and their arguments (:func:`arguments`); ``num_cards``: its deck size."""
    expected = kinds.get(action.kind)
    if expected is None:
        return Refusal(f"'{action.kind}' is not an action of this game; actions are: {', '.join(kinds)}")
    if len(action.args) != len(expected):
        return Refusal(f"'{action.kind}' takes {len(expected)} argument(s), got {len(action.args)}")
    for value, what in zip(action.args, expected):
        limit = num_cards if what in NUMBERED else SMALL_NUMBER_LIMIT[what]
        if not (isinstance(value, int) and 0 <= value < limit):
            return Refusal(f"{value!r} is not a valid {what} ({what}s are 0..{limit - 1})")
    return None


def schema(num_cards: int, max_fat: int,
           trait_kinds: list[tuple[str, tuple[tuple[str, int], ...]]] | None = None) -> ActionSchema:
    """The fixed action encoding of a deck of ``num_cards`` cards (card ids, animal numbers and hand slots are below
    it); ``max_fat`` = Fat Tissue cards in the deck (most yellow tokens one animal holds); ``trait_kinds``: the
    expansion traits' own kinds, ``(kind, ((argument, range), ...))``, encoded after the base kinds."""
    assert max_fat <= MAX_FAT, "raise actions.MAX_FAT"
    assert num_cards <= N, "card_data.MAX_CARDS is below a deck size"
    return ActionSchema([
        ("pass", ()),
        ("animal", (("slot", num_cards),)),
        ("trait", (("card", num_cards), ("face", 2))),
        ("target", (("animal", num_cards),)),
        ("take", (("animal", num_cards),)),
        ("attack", (("carnivore", num_cards),)),
        ("convert", (("animal", num_cards), ("tokens", max_fat + 1))),
        ("pirate", (("animal", num_cards),)),
        ("tramp", (("animal", num_cards),)),
        ("hibernate", (("animal", num_cards),)),
        ("fire", (("card", num_cards), ("side", 2))),
        ("run", ()),
        ("mimic", (("animal", num_cards),)),
        ("tail", (("card", num_cards),)),
        ("accept", ()),
        ("scavenge", (("animal", num_cards),)),
        *(trait_kinds or ()),
    ])

"""Northstar's action kinds, their arguments, and the well-formed actions of a step (its candidates).

``ACTION_ARGS`` is the one table of the action forms: the game's :class:`~evolutio.kernel.ActionSchema`, the arity
refusals and the candidate spaces of the decision steps are all built from it. An argument's range is named by what
it counts (``card``: the deck's cards, ``species``: ``MAX_SPECIES`` …) and sized from the game's :class:`Cfg`.
"""

from __future__ import annotations

from itertools import product
from typing import Iterator

from evolutio.kernel import Action, ActionSchema

from .config import LEAF_NAMES, MAX_SPECIES, MAX_STORE, MAX_TRAIT_SLOTS, NUM_DEFENCES, SIDES, Cfg

#: kind -> its arguments, (name, range) where the range names what the argument counts
ACTION_ARGS: dict[str, tuple[tuple[str, str], ...]] = {
    "food_card": (("card", "card"),),
    "trait": (("card", "card"), ("species", "species")),
    "new_species": (("card", "card"), ("side", "side")),
    "grow_body": (("card", "card"), ("species", "species")),
    "grow_pop": (("card", "card"), ("species", "species")),
    "discard_trait": (("card", "card"),),
    "replace_trait": (("species", "species"), ("slot", "slot")),
    "end_turn": (),
    "leaf": (("species", "species"), ("effect", "effect")),
    "feed": (("species", "species"),),
    "store_fat": (("species", "species"),),
    "attack": (("attacker", "species"), ("target_player", "player"), ("target", "species")),
    "negate": (("card", "card"), ("defence", "defence")),
    "strike": (),
    "intelligence_food": (("card", "card"), ("species", "species")),
    "pass": (),
    "store_surplus": (("tokens", "tokens"),),
}


def range_sizes(cfg: Cfg) -> dict[str, int]:
    """How many values each argument range has in a game with ``cfg``."""
    return {"card": cfg.ncards, "species": MAX_SPECIES, "side": SIDES, "slot": MAX_TRAIT_SLOTS,
            "effect": len(LEAF_NAMES), "player": cfg.n, "defence": NUM_DEFENCES, "tokens": MAX_STORE + 1}


def action_schema(cfg: Cfg) -> ActionSchema:
    sizes = range_sizes(cfg)
    return ActionSchema([(kind, [(name, sizes[size]) for name, size in args]) for kind, args in ACTION_ARGS.items()])


def arity_refusal(action: Action) -> str | None:
    """Why ``action`` is not a northstar action at all (unknown kind, wrong number of arguments), or ``None``."""
    args = ACTION_ARGS.get(action.kind)
    if args is None:
        return f"there is no action {action.kind!r} in northstar; known actions: {', '.join(ACTION_ARGS)}"
    if len(action.args) != len(args):
        return f"{action.kind} takes {len(args)} argument(s), got {len(action.args)}"
    return None


class ActionSpace:
    """The well-formed actions of some kinds: every argument within its range. A step's candidates: it answers ``in``
    at once and lists its members only when iterated (off the hot path: legal actions are generated directly)."""

    __slots__ = ("ranges",)

    def __init__(self, cfg: Cfg, kinds: tuple[str, ...]) -> None:
        sizes = range_sizes(cfg)
        #: kind -> the size of each argument's range
        self.ranges = {kind: tuple(sizes[size] for _, size in ACTION_ARGS[kind]) for kind in kinds}

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        ranges = self.ranges.get(action.kind)
        return (ranges is not None and len(ranges) == len(action.args)
                and all(0 <= value < size for value, size in zip(action.args, ranges)))

    def __iter__(self) -> Iterator[Action]:
        for kind, ranges in self.ranges.items():
            for args in product(*(range(size) for size in ranges)):
                yield Action(kind, *args)


#: kinds that exist in one variant only: kind -> (whether it is the course's, what to do instead)
VARIANT_ONLY: dict[str, tuple[bool, str]] = {
    "replace_trait": (True, "replace_trait exists only in the cs4500 variant; discard the trait, then play the new "
                            "one"),
    "store_fat": (True, "store_fat exists only in the cs4500 variant; feed a full Fat Tissue species instead (a take's "
                        "surplus is offered with store_surplus)"),
    "discard_trait": (False, "course rules: traits are not discarded; replace them with replace_trait"),
    "store_surplus": (False, "store_surplus exists only in the standard variant; use store_fat"),
}
#: kinds whose refusal outside their own step says when they come
WHEN_ASKED = {
    "store_surplus": "there is no surplus to store now: you are asked (store_surplus) when a take brings a species "
                     "with Fat Tissue room more food than its board holds; to fill a full species' Fat Tissue, feed it",
}


def kind_refusal(kind: str, course: bool, phase_name: str, player: int, prompt: str) -> str:
    """Why an action of ``kind`` is not taken by the decision now (the phase ``phase_name``, decided by ``player``,
    who is asked ``prompt``)."""
    now = f"now player {player + 1} must {prompt}"
    only = VARIANT_ONLY.get(kind)
    if only is not None and only[0] != course:
        return f"{only[1]}; {now}"
    if kind in WHEN_ASKED:
        return f"{WHEN_ASKED[kind]}; {now}"
    return f"{kind} is not possible in the {phase_name} phase; {now}"

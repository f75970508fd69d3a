"""Interned actions for legal-action generation.

An :class:`~evolutio.kernel.Action` is an immutable value, so one object can stand for an action in every position
and game. The steps' ``legal`` methods look their actions up in these tables (keyed by the argument tuple, or the
one integer argument) instead of building a new object for each candidate on every decision."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action


class ActionTable(dict[Any, Action]):
    """The actions of one kind by their arguments (a tuple of ints, or one int) after a fixed ``prefix`` of leading
    arguments, each made on first use."""

    __slots__ = ("kind", "prefix")

    def __init__(self, kind: str, prefix: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.kind = kind
        self.prefix = prefix

    def __missing__(self, args: Any) -> Action:
        rest = args if isinstance(args, tuple) else (args,)
        action = self[args] = Action(self.kind, *self.prefix, *rest)
        return action


class RowTable(dict[tuple[int, ...], ActionTable]):
    """Action tables of one kind by their leading arguments (a card and its side): ``rows[card, side][animal]``."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, prefix: tuple[int, ...]) -> ActionTable:
        row = self[prefix] = ActionTable(self.kind, prefix)
        return row


class ArgumentRows(dict[int, ActionTable]):
    """Action tables of one kind by their first argument (an animal): ``rows[animal][slot]``, so that a loop over
    one animal's actions looks each up by one integer."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, first: int) -> ActionTable:
        row = self[first] = ActionTable(self.kind, (first,))
        return row


#: the ``side`` argument of the actions that play a card's trait: its large or its small side
SIDE_LARGE = 0
SIDE_SMALL = 1

PASS = Action("pass")
END_TURN = Action("end_turn")
PLAY_ANIMAL = ActionTable("play_animal")
#: ``PLAY_TRAIT_ROWS[card, side][animal]``, ``PLAY_PAIRED_ROWS[card, side][animal, direction]``
PLAY_TRAIT_ROWS = RowTable("play_trait")
PLAY_PAIRED_ROWS = RowTable("play_paired")
DISCARD = ActionTable("discard")
MOVE = ActionTable("move")
REVERSE = ActionTable("reverse")
#: ``SHELTER_ROWS[animal][slot]``, ``FEED_ROWS[animal][slot]``, ``ATTACK_ROWS[predator][prey]``
SHELTER_ROWS = ArgumentRows("shelter")
FEED_ROWS = ArgumentRows("feed")
ATTACK_ROWS = ArgumentRows("attack")
PIRACY = ActionTable("piracy")
METAMORPHOSIS_ACTION = ActionTable("metamorphosis")
MUTATE_TRAIT = ActionTable("mutate_trait")

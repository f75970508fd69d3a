"""Integer actions and legal-action masks over a ruleset's fixed :class:`~evolutio.kernel.ActionSchema`.

The schema (``game.action_schema()``) fixes, for a ruleset and its options, a bijection between the actions the
ruleset can ever produce and the integers ``[0, num_actions)``. :class:`ActionCodec` adds what research toolkits need
on top of it: the legal integers of a state, the legal-action mask, and *checked* conversions that refuse anything
out of range or illegal with a message that says why. None of this runs inside the engine: ``legal_actions`` and
``apply`` never encode anything.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from evolutio.kernel import Action, ActionSchema, Game, IllegalAction, State

__all__ = ["ActionCodec", "IllegalAction"]


def _as_code(code: Any) -> int:
    """An integer action code from an int or a numpy integer (0-d arrays too); anything else is refused."""
    if isinstance(code, (bool, np.bool_)):
        raise IllegalAction(f"an action code must be an integer, got the boolean {code!r}")
    if isinstance(code, (int, np.integer)):
        return int(code)
    if isinstance(code, np.ndarray) and code.shape in ((), (1,)) and np.issubdtype(code.dtype, np.integer):
        return int(code.reshape(()))
    raise IllegalAction(f"an action code must be an integer, got {type(code).__name__} {code!r}")


class ActionCodec:
    """Checked integer codec and masks for one ruleset with fixed options.

    >>> codec = ActionCodec(game)                          # doctest: +SKIP
    >>> codec.num_actions                                  # size of the action space
    >>> codec.legal_codes(state)                           # sorted legal integers
    >>> codec.mask(state)                                  # int8 array, 1 = legal
    >>> codec.action(state, 17)                            # Action, or IllegalAction saying why not
    """

    __slots__ = ("game", "schema", "num_actions")

    def __init__(self, game: Game, schema: ActionSchema | None = None) -> None:
        self.game = game
        self.schema = schema if schema is not None else game.action_schema()
        self.num_actions: int = self.schema.num_actions
        if self.num_actions <= 0:
            raise ValueError(f"{game.name}: its action schema encodes no actions")

    # -- encoding ---------------------------------------------------------------------------------------------
    def encode(self, action: Action) -> int:
        try:
            return self.schema.encode(action)
        except IllegalAction as exc:
            raise IllegalAction(f"{self.game.name}: cannot encode {action}: {exc}") from None

    def decode(self, code: Any) -> Action:
        """The action of ``code`` (refuses non-integers and codes outside ``[0, num_actions)``)."""
        c = _as_code(code)
        if not 0 <= c < self.num_actions:
            raise IllegalAction(
                f"{self.game.name}: action {c} is out of range; actions are integers in [0, {self.num_actions})"
            )
        return self.schema.decode(c)

    def legal_map(self, state: State) -> dict[int, Action]:
        """``{code: action}`` of every legal action of ``state`` (empty when terminal)."""
        enc = self.schema.encode
        out: dict[int, Action] = {}
        for a in state.legal_actions():
            try:
                out[enc(a)] = a
            except IllegalAction as exc:
                raise IllegalAction(
                    f"{self.game.name}: the legal action {a} cannot be encoded by the ruleset's action schema "
                    f"({exc}) — this is a bug in the ruleset"
                ) from None
        if len(out) != len(state.legal_actions()):
            raise IllegalAction(f"{self.game.name}: two legal actions share an action code (duplicate legal action?)")
        return out

    def legal_codes(self, state: State) -> list[int]:
        """The legal action codes of ``state``, sorted ascending."""
        return sorted(self.legal_map(state))

    def mask(self, state: State, dtype: Any = np.int8) -> np.ndarray:
        """Legal-action mask of ``state``: an array of ``num_actions`` entries, 1 for legal codes, else 0."""
        m = np.zeros(self.num_actions, dtype=dtype)
        codes = self.legal_codes(state)
        if codes:
            m[codes] = 1
        return m

    def mask_from_codes(self, codes: list[int] | dict[int, Any], dtype: Any = np.int8) -> np.ndarray:
        m = np.zeros(self.num_actions, dtype=dtype)
        if codes:
            m[list(codes)] = 1
        return m

    # -- checked conversions -----------------------------------------------------------------------------------
    def action(self, state: State, code: Any, legal: dict[int, Action] | None = None) -> Action:
        """The legal action of ``state`` that ``code`` stands for, or :class:`IllegalAction` saying why not."""
        c = _as_code(code)
        if legal is None:
            legal = self.legal_map(state)
        a = legal.get(c)
        if a is not None:
            return a
        action = self.decode(c)  # raises for out-of-range codes
        if state.is_terminal:
            raise IllegalAction(f"{self.game.name}: the game is over; action {c} ({action}) cannot be played")
        try:
            why = state.explain_illegal(action)
        except Exception:  # a ruleset's explanation must never hide the refusal itself
            why = f"{action} is not a legal action now"
        raise IllegalAction(
            f"{self.game.name}: action {c} ({action}) is not legal for player {state.current_player} now: {why}"
        )

    def check_mask(self, mask: Any) -> np.ndarray:
        """Validate a user-supplied mask: 1-D, length ``num_actions``, entries 0/1 only. Returns it as int8."""
        arr = np.asarray(mask)
        if arr.ndim != 1 or arr.shape[0] != self.num_actions:
            raise ValueError(
                f"{self.game.name}: an action mask has shape ({self.num_actions},), got {arr.shape}"
            )
        if arr.dtype == bool:
            return arr.astype(np.int8)
        if not np.issubdtype(arr.dtype, np.number):
            raise ValueError(f"{self.game.name}: an action mask holds 0/1 numbers, got dtype {arr.dtype}")
        bad = np.flatnonzero((arr != 0) & (arr != 1))
        if bad.size:
            i = int(bad[0])
            raise ValueError(
                f"{self.game.name}: an action mask holds only 0 and 1; entry {i} is {arr[i].item()!r}"
                f" ({bad.size} bad entr{'y' if bad.size == 1 else 'ies'})"
            )
        return arr.astype(np.int8)

    def actions_from_mask(self, mask: Any) -> list[Action]:
        """The actions a (checked) mask marks as 1."""
        return [self.schema.decode(int(c)) for c in np.flatnonzero(self.check_mask(mask))]

    def describe(self) -> list[dict]:
        """The schema as documentation: each kind with its argument names, ranges and first code."""
        return self.schema.describe()

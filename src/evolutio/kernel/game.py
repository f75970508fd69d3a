"""The kernel contract: :class:`Game` (a ruleset with validated options) and :class:`State` (one game in progress).

Rulesets subclass both. The base classes hold what is game-agnostic: option validation, the seeded RNG, the action
history (for records), the event list, the legal-action cache and the checked ``apply`` that refuses an illegal
action with a reason and leaves the state untouched.

A subclass of :class:`State` implements:

- ``current_player`` (property): the seat that must decide now, ``None`` when the game is over;
- ``_legal_actions()``: the list of legal actions of that seat (never empty unless terminal);
- ``_apply(action)``: perform a legal action (the base class has already checked legality);
- ``explain_illegal(action)``: why an action is not legal now, in the players' terms;
- ``is_terminal`` (property), ``scores()``, ``winners()``;
- ``view(player)``: a JSON-ready dict with exactly what that seat (``None``: a spectator) may know;
- ``describe(action)``: the action in words;
- ``clone()``, ``to_json()``, and the game's ``state_from_json``;
- ``determinize(player, rng)``: a full state consistent with everything ``player`` has seen.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar, Sequence

from .action import Action
from .codec import ActionSchema
from .errors import IllegalAction, ScenarioError
from .events import Event, events_for
from .options import Option, validate_options
from .rng import Rng


def players_option(lo: int, hi: int, default: int) -> Option:
    return Option("players", "int", default, "number of players", min=lo, max=hi)


class Game:
    """A ruleset with its options fixed. ``Game(**options)`` validates the options or raises ``OptionError``."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules_version: ClassVar[str] = "0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_schema: ClassVar[tuple[Option, ...]] = ()
    #: a short note shown wherever the game is listed, e.g. that some card data is approximate or reconstructed
    data_note: ClassVar[str] = ""
    #: parts other packages find through the registry (:func:`evolutio.kernel.registry.game_plugin`), each named
    #: ``"module:attribute"`` and imported only when asked for. Known kinds: ``"renderer"`` (a function
    #: ``(view, seat) -> rich renderable`` for the terminal), ``"heuristic"`` (an object with ``estimates(view)`` —
    #: each seat's expected final score — that the ``heuristic`` and ``ismcts`` bots search with), ``"bots"`` (a
    #: ``{name: bot class}`` mapping of this ruleset's own extra bots), ``"score_breakdown"`` (a function
    #: ``(final view) -> [{source: points}, ...]``, one mapping per seat whose values add up to that seat's score, for
    #: the web's end screen), ``"rollout"`` (a cheap policy ``(state, legal, rng) -> action`` for the ``ismcts`` bot's
    #: rollouts) and ``"rollout_stage"`` (a function ``(state) -> hashable`` naming the stretch of the game a position
    #: is in, where an ``ismcts`` level may cut its rollouts).
    plugins: ClassVar[dict[str, str]] = {}
    #: hold points a scenario may ask for (``"hold": [name, ...]``): automatic step name -> what it means
    hold_points: ClassVar[dict[str, str]] = {}
    #: faces of the ruleset's die, for pinned rolls in scenarios; ``0`` if the ruleset rolls no dice
    die_sides: ClassVar[int] = 0

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.name, self.option_schema, options)
        self.num_players: int = self.options.get("players", self.min_players)
        self.check_options()

    def check_options(self) -> None:
        """Hook for cross-option checks; raise ``OptionError``."""

    # -- states -----------------------------------------------------------------------------------------------
    def new_state(self, seed: int = 0) -> "State":
        raise NotImplementedError

    def state_from_json(self, data: dict[str, Any]) -> "State":
        raise NotImplementedError

    def state_from_scenario(self, data: dict[str, Any]) -> "State":
        raise NotImplementedError

    def action_schema(self) -> ActionSchema:
        raise NotImplementedError

    # -- description ------------------------------------------------------------------------------------------
    def options_json(self) -> dict[str, Any]:
        """Options in JSON form (tuples become lists)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()}

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "name": cls.name,
            "title": cls.title,
            "rules_version": cls.rules_version,
            "players": [cls.min_players, cls.max_players],
            "note": cls.data_note,
            "hold_points": dict(cls.hold_points),
            "options": [
                {"name": o.name, "kind": o.kind,
                 "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                 "choices": list(o.choices), "min": o.min, "max": o.max, "help": o.help, "summary": o.describe()}
                for o in cls.option_schema
            ],
        }

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"


#: The applied actions as a persistent (shared-tail) list, so that clone is O(1): ``None`` before the first action, then
#: ``(previous, action, count)`` — a plain tuple, built without a Python call on the hot path (:func:`add_to_history`).
History = tuple[Any, Action, int] | None


def add_to_history(history: History, action: Action) -> tuple[Any, Action, int]:
    """``history`` with ``action`` appended (the hot paths write the same tuple inline)."""
    return (history, action, 1 if history is None else history[2] + 1)


class State:
    """One game in progress. See the module docstring for what a ruleset implements."""

    __slots__ = ("game", "rng", "events", "log_events", "seed", "_hist", "_legal", "__weakref__")

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.events: list[Event] = []
        self.log_events = True
        self._hist: History = None
        self._legal: list[Action] | None = None

    # -- the contract -----------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def explain_illegal(self, action: Action) -> str:
        return f"{self.describe(action)} is not a legal action now"

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        return str(action)

    def clone(self) -> "State":
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def determinize(self, player: int, rng: Rng) -> "State":
        raise NotImplementedError

    def pin_deck(self, deck: str, cards: list[Any], path: str) -> None:
        """Put ``cards`` on top of the deck named ``deck`` (a scenario's ``chance`` entry at JSON path ``path``), next
        to be drawn first; raise :class:`~evolutio.kernel.errors.ScenarioError` naming ``path`` for an unknown deck
        or a card that is not in it. Rulesets with decks override this, or hand their own function to
        :func:`~evolutio.kernel.scenario.apply_scenario_controls`."""
        raise ScenarioError(f"{path}.deck: {self.game.name} has no deck named {deck!r}")

    # -- provided ---------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action of ``current_player`` (cached until the state changes). Do not mutate the list."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal else self._legal_actions()
        return legal

    def apply(self, action: Action) -> None:
        """Perform ``action`` or raise :class:`IllegalAction` with the reason; an illegal action changes nothing."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if self.is_terminal:
            raise IllegalAction("the game is over; no more actions can be played")
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))
        self._legal = None
        self._hist = add_to_history(self._hist, action)
        self._apply(action)

    def apply_trusted(self, action: Action) -> None:
        """Like :meth:`apply` for an action just taken from :meth:`legal_actions` of this state (no check)."""
        self._legal = None
        history = self._hist
        self._hist = (history, action, 1 if history is None else history[2] + 1)   # (add_to_history, inline)
        self._apply(action)

    @property
    def history(self) -> list[Action]:
        """Every action applied since the start (or since the scenario this state was built from)."""
        out: list[Action] = []
        h = self._hist
        while h is not None:
            out.append(h[1])
            h = h[0]
        out.reverse()
        return out

    @property
    def num_actions_applied(self) -> int:
        return 0 if self._hist is None else self._hist[2]

    def emit(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None,
             redacted: dict[str, Any] | None = None) -> None:
        if self.log_events:
            self.events.append(Event(kind, data, to, redacted))

    def events_for(self, player: int | None) -> list[dict[str, Any]]:
        return events_for(self.events, player)

    def _copy_base(self, other: "State") -> None:
        """Copy the kernel's fields of ``self`` into ``other`` (used by subclasses' ``clone``)."""
        other.game = self.game
        other.seed = self.seed
        other.rng = self.rng.clone()
        other.events = list(self.events) if self.log_events else []
        other.log_events = self.log_events
        other._hist = self._hist
        other._legal = self._legal

    def _base_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.options_json(),
            "seed": self.seed,
            "rng": self.rng.to_json(),
            "history": [a.to_json() for a in self.history],
            "events": [e.to_json() for e in self.events],
        }

    def _load_base_json(self, data: dict[str, Any]) -> None:
        self.seed = data.get("seed", 0)
        self.rng = Rng.from_json(data["rng"])
        h: History = None
        for a in data.get("history", []):
            h = add_to_history(h, Action.from_json(a))
        self._hist = h
        self.events = [Event.from_json(e) for e in data.get("events", [])]
        self._legal = None

    def digest(self) -> str:
        """A hash of the complete state, history included (events excluded) — equal digests mean identical games."""
        d = self.to_json()
        d.pop("events", None)
        return _hash_json(d)

    def position_digest(self) -> str:
        """A hash of the position and the random generator's state only — no history, seed or events.

        Equal position digests mean the game plays on identically from here, however each state was reached (a
        replayed record and the scenario written from it compare equal)."""
        d = self.to_json()
        for key in ("events", "history", "seed"):
            d.pop(key, None)
        return _hash_json(d)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game!r}, player {self.current_player} to act>"


def _hash_json(data: dict[str, Any]) -> str:
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


def rank_winners(scores: Sequence[float], tiebreak: Sequence[float] | None = None) -> list[int]:
    """Seats with the best score, then the best tie-break value; remaining ties share the win."""
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    if tiebreak is not None and len(top) > 1:
        tb = max(tiebreak[i] for i in top)
        top = [i for i in top if tiebreak[i] == tb]
    return top

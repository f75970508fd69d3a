"""OpenSpiel games for every evolutio ruleset.

Importing this module registers each ruleset of :func:`evolutio.list_games` with pyspiel as a Python game named
``evolutio_<ruleset>``::

    import pyspiel
    import evolutio.interop.openspiel  # registers evolutio_origin, evolutio_northstar, ...
    game = pyspiel.load_game("evolutio_origin", {"players": 3})

A ruleset registered later (a plug-in) is added with :func:`register` (or :func:`register_all` again).

Game type: sequential, **sampled-stochastic** chance (dice and shuffles happen inside the engine's seeded RNG, which
is part of the state, so there are no chance nodes and serialisation is exact), **imperfect information**, terminal
rewards, constant-sum utility: 1 to a sole winner, ``1/k`` to each of ``k`` tied winners (the ruleset's own
``winners()`` with its tie-breaks), 0 to the others — ``min_utility`` 0, ``max_utility`` 1, ``utility_sum`` 1.

Parameters: ``players`` plus every option of the ruleset (ints, bools and choices as themselves; multi-choice options
as names joined by ``+`` or ``none``), and ``rng_seed`` (default 0): the ``k``-th initial state a game object creates
is the engine game of seed ``derive_seed(rng_seed, k)`` (states pyspiel creates internally, e.g. for a C++-side
tensor-shape query, count too); ``rng_seed=-1`` draws a base seed from the operating system.

Actions are the ruleset's fixed action schema codes (``num_distinct_actions`` = ``num_actions``).
Observation string = canonical JSON of ``state.view(player)``; information-state string = canonical JSON of the view
plus the player's own past action codes (perfect recall of one's own choices); tensors are the feature-hashed
encodings of the same data (:mod:`evolutio.interop.observation`). Nothing is computed from hidden state.
``resample_from_infostate(player, sampler)`` returns a state built by the ruleset's ``determinize(player, rng)``
with a fresh engine RNG, so neither hidden cards nor future chance leak to a searching player.
``max_game_length`` is the ruleset's ``max_decisions`` if it declares one, else 100000.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
import pyspiel

from evolutio.kernel import Action, Game, IllegalAction, Rng, State, game_class, list_games, load_game
from evolutio.kernel.rng import derive_seed, mix64

from ._common import deciding_seat, max_decisions, win_shares
from .actions import ActionCodec
from .observation import DEFAULT_SIZE, ViewEncoder, canonical_json

__all__ = ["short_name", "register", "register_all", "registered", "EvolutioSpielGame", "EvolutioSpielState",
           "engine_state"]

PREFIX = "evolutio_"
EXPLICIT_SUFFIX = "_explicit"
MULTI_SEP = "+"
#: how many of a player's latest own actions the information-state tensor encodes by position
RECENT_ACTIONS = 8
#: chance outcomes (deal seeds) of the single initial chance node of the explicit-chance twins
DEALS = 4096

_REGISTERED: set[str] = set()


def short_name(ruleset: str) -> str:
    return PREFIX + ruleset


def registered() -> list[str]:
    """pyspiel names registered by this module so far (each ruleset and its explicit-chance twin)."""
    return sorted(n for r in _REGISTERED for n in (short_name(r), short_name(r) + EXPLICIT_SUFFIX))


# -- parameters <-> ruleset options ---------------------------------------------------------------------------------
def _param_default(opt: Any) -> Any:
    d = opt.default
    if opt.kind == "multi":
        return MULTI_SEP.join(d) if d else "none"
    if opt.kind == "choice":
        return d if isinstance(d, (int, bool, float, str)) else str(d)
    return d


def _parameter_spec(ruleset: str) -> dict[str, Any]:
    cls = game_class(ruleset)
    spec: dict[str, Any] = {}
    for o in cls.option_schema:
        spec[o.name] = _param_default(o)
    spec.setdefault("players", cls.min_players)
    if "rng_seed" in spec:
        raise ValueError(f"{ruleset}: an option named 'rng_seed' clashes with the OpenSpiel seed parameter")
    spec["rng_seed"] = 0
    return spec


def _options_from_params(ruleset: str, params: dict[str, Any]) -> dict[str, Any]:
    cls = game_class(ruleset)
    schema = {o.name: o for o in cls.option_schema}
    unknown = set(params) - set(schema) - {"players", "rng_seed"}
    if unknown:
        raise ValueError(f"{short_name(ruleset)}: unknown parameter(s) {sorted(unknown)}; "
                         f"known: {sorted(_parameter_spec(ruleset))}")
    opts: dict[str, Any] = {}
    for k, v in params.items():
        if k == "rng_seed":
            continue
        o = schema.get(k)
        if o is None:  # a 'players' parameter for a ruleset without a players option: must be its fixed count
            if int(v) != cls.min_players:
                raise ValueError(f"{short_name(ruleset)} is played by {cls.min_players} players, not {v}")
            continue
        if o.kind == "multi":
            v = [] if v in ("", "none") else [x for x in str(v).split(MULTI_SEP) if x]
        elif o.kind == "choice" and v not in o.choices:
            v = next((c for c in o.choices if str(c) == str(v)), v)
        opts[k] = v
    return opts


# -- shared per-game context ----------------------------------------------------------------------------------------
class _Ctx:
    """Everything a state needs that does not change during a game (shared by clones, never copied)."""

    __slots__ = ("ruleset", "options", "game", "codec", "encoder", "key")

    def __init__(self, ruleset: str, options: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.game: Game = load_game(ruleset, **options)
        self.options = self.game.options_json()
        self.codec = ActionCodec(self.game)
        self.encoder = ViewEncoder(DEFAULT_SIZE)
        self.key = (ruleset, canonical_json(self.options))


_CTX: dict[tuple[str, str], _Ctx] = {}


def _ctx(ruleset: str, options: dict[str, Any]) -> _Ctx:
    key = (ruleset, canonical_json(options))
    c = _CTX.get(key)
    if c is None:
        c = _Ctx(ruleset, options)
        _CTX[key] = _CTX[c.key] = c
    return c


class _Core:
    """The Python-side payload of a pyspiel state: the engine state plus each player's own action codes.

    pyspiel clones a Python state by deep-copying its attributes and serialises it by pickling them; this class makes
    the first an engine ``clone()`` and the second the engine's exact ``to_json()``.

    ``state is None`` means either "not created yet" (sampled chance: the seed is drawn from the game when the state
    is first needed, so the throw-away states pyspiel creates while cloning never consume seeds) or "not dealt yet"
    (explicit chance: the initial chance node picks the seed).
    """

    __slots__ = ("ctx", "state", "own", "explicit", "_legal", "_pending")

    def __init__(self, ctx: _Ctx, state: State | None, own: tuple[tuple[int, ...], ...] | None = None,
                 pending: "EvolutioSpielGame | None" = None, explicit: bool = False) -> None:
        self.ctx = ctx
        self.state = state
        self.own = own if own is not None else tuple(() for _ in range(ctx.game.num_players))
        self.explicit = explicit
        self._legal: dict[int, Action] | None = None
        self._pending = pending

    @property
    def undealt(self) -> bool:
        return self.explicit and self.state is None

    def s(self) -> State:
        st = self.state
        if st is None:
            if self.explicit:
                raise RuntimeError("the deal has not happened yet: apply the initial chance outcome first")
            game, self._pending = self._pending, None
            if game is None:
                raise RuntimeError(f"{self.ctx.ruleset}: a state with no deal and no game to draw its seed from")
            st = self.state = self.ctx.game.new_state(game._next_seed())
            st.log_events = False
        return st

    def deal(self, seed: int) -> None:
        self.state = self.ctx.game.new_state(seed)
        self.state.log_events = False
        self._legal = None

    def legal(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = self.ctx.codec.legal_map(self.s())
        return self._legal

    def __deepcopy__(self, memo: Any) -> "_Core":
        st = None if self.undealt else self.s().clone()
        c = _Core(self.ctx, st, self.own, explicit=self.explicit)
        c._legal = self._legal
        return c

    def __getstate__(self) -> dict[str, Any]:
        return {"ruleset": self.ctx.ruleset, "options": self.ctx.options, "explicit": self.explicit,
                "state": None if self.undealt else self.s().to_json(), "own": [list(o) for o in self.own]}

    def __setstate__(self, d: dict[str, Any]) -> None:
        ctx = _ctx(d["ruleset"], d["options"])
        self.ctx = ctx
        self.explicit = d["explicit"]
        self.state = None if d["state"] is None else ctx.game.state_from_json(d["state"])
        if self.state is not None:
            self.state.log_events = False
        self.own = tuple(tuple(o) for o in d["own"])
        self._legal = None
        self._pending = None


# -- pyspiel game and state -----------------------------------------------------------------------------------------
class EvolutioSpielGame(pyspiel.Game):
    """A pyspiel game over one evolutio ruleset (see the module docstring)."""

    #: set on the per-ruleset subclasses that :func:`register` creates
    ruleset: str = ""
    game_type: pyspiel.GameType | None = None
    explicit_chance: bool = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        ruleset, game_type = self.ruleset, self.game_type
        if not ruleset:
            raise TypeError("create evolutio OpenSpiel games with pyspiel.load_game('evolutio_<ruleset>', {...})")
        full = _parameter_spec(ruleset)
        full.update(params or {})
        self.ctx = _ctx(ruleset, _options_from_params(ruleset, full))
        g = self.ctx.game
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ctx.codec.num_actions,
            max_chance_outcomes=DEALS if self.explicit_chance else 0,
            num_players=g.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=max_decisions(g),
        )
        super().__init__(game_type, info, full)
        seed = int(full.get("rng_seed", 0))
        self._seed_base = secrets.randbits(62) if seed == -1 else seed
        self._made = 0

    def _next_seed(self) -> int:
        k = self._made
        self._made += 1
        return derive_seed(self._seed_base, k)

    def deal_seed(self, outcome: int) -> int:
        """The engine seed of chance outcome ``outcome`` of the explicit-chance twin."""
        return derive_seed(self._seed_base, outcome)

    @property
    def engine_game(self) -> Game:
        return self.ctx.game

    def new_initial_state(self) -> "EvolutioSpielState":
        return EvolutioSpielState(self)

    def new_initial_state_from_seed(self, seed: int) -> "EvolutioSpielState":
        """A state at the start of the engine game of ``seed`` (the game ``evolutio`` itself plays from that seed;
        for the explicit-chance twin the deal is then already done, as if by a chance outcome)."""
        st = EvolutioSpielState(self)
        st._core = _Core(self.ctx, None, explicit=self.explicit_chance)
        st._core.deal(int(seed))
        return st

    def _observer(self, perfect_recall: bool) -> "_Observer":
        cache = self.__dict__.setdefault("_observers", {})
        obs = cache.get(perfect_recall)
        if obs is None:
            observation_type = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
            obs = cache[perfect_recall] = self.make_py_observer(observation_type)
        return obs

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
        return _Observer(self.ctx, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class EvolutioSpielState(pyspiel.State):
    """A pyspiel state wrapping one engine state. ``engine_state(s)`` gives the engine state (hidden info!)."""

    def __init__(self, game: EvolutioSpielGame) -> None:
        super().__init__(game)
        explicit = game.explicit_chance
        self._core = _Core(game.ctx, None, pending=None if explicit else game, explicit=explicit)

    # -- pyspiel API ---------------------------------------------------------------------------------------
    def current_player(self) -> int:
        core = self._core
        if core.undealt:
            return pyspiel.PlayerId.CHANCE
        st = core.s()
        if st.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        return deciding_seat(st)

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        if core.undealt:
            return []
        st = core.s()
        if st.is_terminal or player != st.current_player:
            return []
        return sorted(core.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self._core.undealt:
            return []
        p = 1.0 / DEALS
        return [(k, p) for k in range(DEALS)]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.undealt:
            k = int(action)
            if not 0 <= k < DEALS:
                raise IllegalAction(f"{core.ctx.ruleset}: chance outcome {k} is outside [0, {DEALS})")
            core.deal(self.get_game().deal_seed(k))
            return
        st = core.s()
        if st.is_terminal:
            raise IllegalAction(f"{core.ctx.ruleset}: the game is over; action {action} cannot be played")
        a = core.ctx.codec.action(st, action, core.legal())
        p = deciding_seat(st)
        own = list(core.own)
        own[p] = own[p] + (int(action),)
        core.own = tuple(own)
        core._legal = None
        st.apply_trusted(a)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal #{action}"
        try:
            a = core.ctx.codec.decode(action)
        except IllegalAction:
            return f"<invalid action {action}>"
        if core.undealt:
            return str(a)
        try:
            text = core.s().describe(a)
        except Exception:
            return str(a)
        # OpenSpiel needs distinct strings for distinct legal actions; two copies of a card read the same in words
        return f"{text} [{a}]" if text != str(a) else text

    def is_terminal(self) -> bool:
        core = self._core
        return not core.undealt and core.s().is_terminal

    def returns(self) -> list[float]:
        core = self._core
        if core.undealt:
            return [0.0] * core.ctx.game.num_players
        return win_shares(core.s())

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "EvolutioSpielState":
        """A state ``player_id`` cannot tell from this one: hidden information resampled by the ruleset's
        ``determinize``, future chance reseeded. ``probability_sampler()`` (a float in [0, 1)) drives the draw."""
        core = self._core
        if core.undealt:
            return self.clone()
        st = core.s()
        u = float(probability_sampler())
        seed = mix64(int(u * (1 << 53)) ^ (st.num_actions_applied << 1) ^ player_id)
        det = st.determinize(player_id, Rng(seed, stream=23))
        det.rng = Rng(mix64(seed ^ 0x5EED), stream=29)  # future chance must not be the real one
        det.log_events = False
        new = self.clone()
        new._core = _Core(core.ctx, det, core.own, explicit=core.explicit)
        return new

    # Python-side fast paths: pyspiel's C++ tensor accessors first build a whole new initial state to learn the
    # tensor shape; these give the same values straight from the observers
    def information_state_tensor(self, player: int | None = None) -> list[float]:
        obs = self.get_game()._observer(True)
        obs.set_from(self, self.current_player() if player is None else player)
        return obs.tensor.tolist()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        obs = self.get_game()._observer(False)
        obs.set_from(self, self.current_player() if player is None else player)
        return obs.tensor.tolist()

    def __str__(self) -> str:
        core = self._core
        if core.undealt:
            return "(before the deal)"
        d = core.s().to_json()
        d.pop("events", None)
        d["own_actions"] = [list(o) for o in core.own]
        return canonical_json(d)


def engine_state(state: EvolutioSpielState) -> State | None:
    """The engine state under a pyspiel state (it holds hidden information); ``None`` before an explicit deal."""
    core = state._core
    return None if core.undealt else core.s()


# -- observers -----------------------------------------------------------------------------------------------------
class _Observer:
    """PyObserver: strings and hashed tensors of ``view(player)`` (plus own actions for perfect recall)."""

    def __init__(self, ctx: _Ctx, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        priv = iig_obs_type.private_info
        if not iig_obs_type.public_info:
            raise ValueError("evolutio observers need public_info=True (views mix public and private data)")
        if priv == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            self.public_only = False
        elif priv == pyspiel.PrivateInfoType.NONE:
            self.public_only = True
        else:
            raise ValueError("evolutio observers support private_info SINGLE_PLAYER or NONE, not ALL_PLAYERS "
                             "(there is no view of every seat's secrets)")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.encoder = ctx.encoder
        self.tensor = np.zeros(ctx.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: EvolutioSpielState, player: int) -> tuple[dict[str, Any], int | None]:
        seat = None if self.public_only else player
        core = state._core
        if core.undealt:
            return {"dealt": False}, seat
        return core.s().view(seat), seat

    def set_from(self, state: EvolutioSpielState, player: int) -> None:
        view, seat = self._view(state, player)
        extra: list[tuple[str, float]] = []
        if self.perfect_recall and seat is not None:
            mine = state._core.own[seat]
            extra = [(f"@mine={c}", 1.0) for c in mine]
            extra += [(f"@recent[{i}]={c}", 1.0) for i, c in enumerate(reversed(mine[-RECENT_ACTIONS:]))]
            extra.append(("@mine#len", float(len(mine))))
        self.tensor[:] = self.encoder.encode(view, seat, extra)

    def string_from(self, state: EvolutioSpielState, player: int) -> str:
        view, seat = self._view(state, player)
        if self.perfect_recall and seat is not None:
            return canonical_json({"seat": seat, "view": view, "own_actions": list(state._core.own[seat])})
        return canonical_json(view)


# -- registration --------------------------------------------------------------------------------------------------
def _game_type(ruleset: str, explicit: bool = False) -> pyspiel.GameType:
    cls = game_class(ruleset)
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(ruleset) + (EXPLICIT_SUFFIX if explicit else ""),
        long_name=f"evolutio {cls.title or ruleset}" + (" (explicit deal)" if explicit else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if explicit else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(ruleset),
    )


def register(ruleset: str) -> str:
    """Register ``ruleset`` with pyspiel (once) as ``evolutio_<ruleset>`` and its explicit-chance twin
    ``evolutio_<ruleset>_explicit``; returns the first name."""
    if ruleset not in _REGISTERED:
        for explicit in (False, True):
            gt = _game_type(ruleset, explicit)
            # a class per game, as pyspiel's own Python games do (a plain factory function whose last reference is
            # held by pyspiel's registry is freed after the interpreter is gone and aborts the process at exit)
            cls = type(f"EvolutioSpielGame_{ruleset}{'_explicit' if explicit else ''}", (EvolutioSpielGame,),
                       {"ruleset": ruleset, "game_type": gt, "explicit_chance": explicit})
            pyspiel.register_game(gt, cls)
        _REGISTERED.add(ruleset)
    return short_name(ruleset)


def register_all() -> list[str]:
    """Register every ruleset the kernel registry knows now; returns their pyspiel names."""
    return [register(name) for name in list_games()]


register_all()

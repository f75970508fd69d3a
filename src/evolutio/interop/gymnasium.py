"""Gymnasium single-agent environments for every evolutio ruleset.

Importing this module registers ``evolutio/<ruleset>-v0`` for each ruleset of :func:`evolutio.list_games`
(later rulesets: :func:`register_envs`)::

    import gymnasium as gym
    import evolutio.interop.gymnasium  # registers evolutio/origin-v0, ...
    env = gym.make("evolutio/origin-v0", players=3, seat=0, opponents="random")

One seat (``seat``, default 0) is the learner; every other seat is played by an evolutio bot (``opponents``: one bot
name for all of them or a list with one name per other seat, as accepted by :func:`evolutio.bots.make_bot`). The
remaining keyword arguments are the ruleset's options.

- observation: ``{"observation": float32[obs_size], "action_mask": int8[num_actions]}`` from the learner's
  ``view`` only (:mod:`evolutio.interop.observation`);
- action: ``Discrete(num_actions)``, the ruleset's fixed action schema;
- reward: 0 until the end, then the learner's win share (1 sole winner, ``1/k`` shared among ``k``, 0 otherwise);
- ``reset(seed=s)`` plays the engine game of seed ``s``; the bots' seeds derive from it, so an episode replays
  exactly; ``reset()`` continues a deterministic sequence from the last seed (``np_random``);
- an action outside ``[0, num_actions)`` always raises :class:`~evolutio.kernel.IllegalAction`; an in-range but
  illegal action is, by default (``illegal_action="terminate"``), refused: the engine state is untouched, the
  episode ends with ``illegal_reward`` (-1) and ``info["illegal_action"]`` says why. ``illegal_action="raise"``
  raises instead. Agents that respect ``action_mask`` never see either.
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from evolutio.bots import Bot, make_bot
from evolutio.kernel import Action, IllegalAction, State, list_games
from evolutio.kernel.rng import derive_seed

from ._common import deciding_seat, render_output, resolve_game, win_shares
from .actions import ActionCodec
from .observation import CLIP, DEFAULT_SIZE, ViewEncoder

__all__ = ["EvolutioEnv", "env_id", "register_envs"]

ENTRY_POINT = "evolutio.interop.gymnasium:EvolutioEnv"


def env_id(ruleset: str) -> str:
    return f"evolutio/{ruleset}-v0"


class EvolutioEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: str = "", *, seat: int = 0, opponents: str | Sequence[str] = "random",
                 obs_size: int = DEFAULT_SIZE, illegal_action: str = "terminate", illegal_reward: float = -1.0,
                 render_mode: str | None = None, **options: Any) -> None:
        if not game:
            raise TypeError("EvolutioEnv needs a ruleset name: gymnasium.make('evolutio/<ruleset>-v0', ...)")
        self.game = resolve_game(game, options)
        n = self.game.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat number in 0..{n - 1}, got {seat!r}")
        others = n - 1
        if isinstance(opponents, str):
            names = [opponents] * others
        else:
            names = list(opponents)
            if len(names) != others:
                raise ValueError(f"{self.game.name} with {n} players needs {others} opponent bot name(s), "
                                 f"got {len(names)}: {names}")
        for b in names:
            make_bot(b, 0)  # unknown names fail now, with the list of known bots
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be 'terminate' or 'raise', got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.seat = seat
        self.opponent_names = names
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(self.game)
        self.encoder = ViewEncoder(obs_size)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=-CLIP, high=CLIP, shape=(obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.num_actions,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}
        self._legal: dict[int, Action] | None = None
        self._done = True

    # -- gymnasium API ---------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            game_seed = int(seed)
        else:
            game_seed = int(self.np_random.integers(0, 2**63 - 1))

        n = self.game.num_players
        others = [p for p in range(n) if p != self.seat]
        self.bots = {p: make_bot(name, derive_seed(game_seed, 1000 + p))
                     for p, name in zip(others, self.opponent_names)}
        state = self.game.new_state(game_seed)
        state.log_events = False
        self.state = state
        self._legal = None
        self._done = False
        self._play_opponents()
        if state.is_terminal:  # the others ended the game before the learner's first decision
            self._done = True
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state is None or self._done:
            raise RuntimeError("the episode is over (or was never started): call reset() first")
        state = self.state
        try:
            act = self.codec.action(state, action, self._legal_map())
        except IllegalAction as exc:
            if self.illegal_action == "raise" or not self._in_range(action):
                raise
            self._done = True
            info = self._info()
            info["illegal_action"] = str(exc)
            return self._obs(), self.illegal_reward, True, False, info
        state.apply_trusted(act)
        self._legal = None
        self._play_opponents()
        terminated = state.is_terminal
        reward = win_shares(state)[self.seat] if terminated else 0.0
        self._done = terminated
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), terminated, False, self._info()

    def render(self) -> str | None:
        return render_output(self.render_mode, self.game, self.state, self.seat, self.codec, gymnasium.logger.warn)

    def close(self) -> None:
        pass

    # -- internals ------------------------------------------------------------------------------------------
    def _in_range(self, action: Any) -> bool:
        try:
            self.codec.decode(action)
            return True
        except IllegalAction:
            return False

    def _live_state(self) -> State:
        """The engine state of the running episode; :class:`RuntimeError` before the first ``reset()``."""
        if self.state is None:
            raise RuntimeError(f"{env_id(self.game.name)}: no episode yet: call reset() first")
        return self.state

    def _legal_map(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = self.codec.legal_map(self._live_state())
        return self._legal

    def _play_opponents(self) -> None:
        state = self._live_state()
        while not state.is_terminal and state.current_player != self.seat:
            bot = self.bots[deciding_seat(state)]
            a = bot.choose(state)
            if a in state.legal_actions():
                state.apply_trusted(a)
            else:
                state.apply(a)  # raises with the reason: a bot bug, not the learner's
        self._legal = None

    def _obs(self) -> dict[str, np.ndarray]:
        state = self._live_state()
        vec = self.encoder.encode(state.view(self.seat), self.seat)
        if not self._done and not state.is_terminal and state.current_player == self.seat:
            mask = self.codec.mask_from_codes(self._legal_map())
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": vec, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        state = self._live_state()
        info: dict[str, Any] = {"decisions": state.num_actions_applied}
        if state.is_terminal:
            info["scores"] = list(state.scores())
            info["winners"] = list(state.winners())
        return info

    @property
    def engine_state(self) -> State | None:
        """The underlying engine state (it holds hidden information: do not feed it to a learning agent)."""
        return self.state


def register_envs(names: Sequence[str] | None = None) -> list[str]:
    """Register ``evolutio/<ruleset>-v0`` for ``names`` (default: every ruleset registered now); returns the ids."""
    ids = []
    for name in (list_games() if names is None else names):
        eid = env_id(name)
        if eid not in gymnasium.registry:
            gymnasium.register(id=eid, entry_point=ENTRY_POINT, kwargs={"game": name}, nondeterministic=False,
                               disable_env_checker=False)
        ids.append(eid)
    return ids


register_envs()

"""PettingZoo AEC environment for every evolutio ruleset.

>>> from evolutio.interop.pettingzoo import env
>>> e = env("origin", players=3)                    # doctest: +SKIP
>>> e.reset(seed=42)                                 # doctest: +SKIP

- agents are ``player_0`` … ``player_{n-1}`` (seat ``i`` is ``player_i``); ``agent_selection`` is the seat that must
  decide *now* (``state.current_player``), which may switch mid-turn (a defender answering an attack);
- observation: ``{"observation": float32[obs_size], "action_mask": int8[num_actions]}`` built from
  ``state.view(seat)`` only (see :mod:`evolutio.interop.observation`), so nothing hidden leaks; the mask is all
  zeros for seats that are not deciding;
- action space: ``Discrete(num_actions)`` from the ruleset's fixed action schema;
- rewards: 0 until the end, then 1 to a sole winner, ``1/k`` to each of ``k`` tied winners, 0 to the others;
- ``reset(seed=s)`` plays the game ``load_game(...).new_state(s)``; ``reset()`` after a seeded reset continues
  a deterministic sequence of seeds; the very first unseeded reset draws a seed from the operating system;
- ``render()`` returns (``render_mode="ansi"``) or prints (``"human"``) a text picture of the deciding seat's view;
- an illegal or out-of-range action raises :class:`~evolutio.kernel.IllegalAction` saying why
  (``illegal_action="terminate"`` instead ends the game with ``illegal_reward`` for the offender).
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from evolutio.kernel import Action, Game, IllegalAction, Rng, State

from ._common import deciding_seat, render_output, resolve_game, win_shares
from .actions import ActionCodec
from .observation import CLIP, DEFAULT_SIZE, ViewEncoder

__all__ = ["env", "raw_env", "EvolutioAEC"]


def env(game: str | Game, *, render_mode: str | None = None, obs_size: int = DEFAULT_SIZE,
        illegal_action: str = "raise", illegal_reward: float = -1.0, **options: Any) -> AECEnv:
    """The AEC environment of ruleset ``game`` with ``options`` (e.g. ``players=3``), with PettingZoo's
    order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(game, render_mode=render_mode, obs_size=obs_size, illegal_action=illegal_action,
                illegal_reward=illegal_reward, **options))


def raw_env(game: str | Game, *, render_mode: str | None = None, obs_size: int = DEFAULT_SIZE,
            illegal_action: str = "raise", illegal_reward: float = -1.0, **options: Any) -> "EvolutioAEC":
    """The unwrapped AEC environment (see :func:`env`)."""
    return EvolutioAEC(resolve_game(game, options), render_mode=render_mode, obs_size=obs_size,
                       illegal_action=illegal_action, illegal_reward=illegal_reward)


class EvolutioAEC(AECEnv):
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "evolutio_v0", "is_parallelizable": False}

    def __init__(self, game: Game, *, render_mode: str | None = None, obs_size: int = DEFAULT_SIZE,
                 illegal_action: str = "raise", illegal_reward: float = -1.0) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if illegal_action not in ("raise", "terminate"):
            raise ValueError(f"illegal_action must be 'raise' or 'terminate', got {illegal_action!r}")
        self.game = game
        self.metadata = dict(self.metadata, name=f"evolutio_{game.name}_v0")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.codec = ActionCodec(game)
        self.encoder = ViewEncoder(obs_size)
        n = game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        # one space object per agent (PettingZoo requires the same object on every call, seeded per agent)
        self.observation_spaces = {a: _observation_space(obs_size, self.codec.num_actions)
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.num_actions) for a in self.possible_agents}
        self.state_: State | None = None
        self._seed_rng: Rng | None = None
        self._legal: dict[int, Action] | None = None
        self._obs_cache: dict[int, tuple[int, dict[str, np.ndarray]]] = {}
        self._step_no = 0

    # -- spaces --------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return self.metadata["name"]

    # -- lifecycle -----------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = Rng(int(seed), stream=11)
            game_seed = int(seed)
        else:
            if self._seed_rng is None:
                self._seed_rng = Rng(secrets.randbits(63), stream=11)
            game_seed = (self._seed_rng.next_u32() << 31) | (self._seed_rng.next_u32() >> 1)
        state = self.game.new_state(game_seed)
        state.log_events = False
        self.state_ = state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: dict[str, Any]() for a in self.agents}
        self._legal = None
        self._obs_cache = {}
        self._step_no = 0
        if state.is_terminal:  # degenerate: a game over before any decision
            self._finish(win_shares(state))
        else:
            self.agent_selection = self.possible_agents[deciding_seat(state)]

    def _live_state(self) -> State:
        """The engine state of the running game; :class:`RuntimeError` before the first ``reset()``."""
        if self.state_ is None:
            raise RuntimeError(f"{self.metadata['name']}: no game yet: call reset() first")
        return self.state_

    def _legal_map(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = self.codec.legal_map(self._live_state())
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        hit = self._obs_cache.get(seat)
        if hit is not None and hit[0] == self._step_no:
            obs = hit[1]
        else:
            state = self._live_state()
            vec = self.encoder.encode(state.view(seat), seat)
            if not state.is_terminal and state.current_player == seat:
                mask = self.codec.mask_from_codes(self._legal_map())
            else:
                mask = np.zeros(self.codec.num_actions, dtype=np.int8)
            obs = {"observation": vec, "action_mask": mask}
            self._obs_cache[seat] = (self._step_no, obs)
        # fresh arrays every call: users keep what they are given
        return {"observation": obs["observation"].copy(), "action_mask": obs["action_mask"].copy()}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        seat = self.agent_name_mapping[agent]
        try:
            act = self.codec.action(state, action, self._legal_map())
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise IllegalAction(f"{agent}: {exc}") from None
            shares = [0.0] * self.num_agents
            shares[seat] = self.illegal_reward
            self._cumulative_rewards[agent] = 0.0
            self._finish(shares, info={"illegal_action": str(exc), "offender": agent})
            return
        self._cumulative_rewards[agent] = 0.0
        state.apply_trusted(act)
        self._legal = None
        self._step_no += 1
        for a in self.agents:
            self.rewards[a] = 0.0
        if state.is_terminal:
            self._finish(win_shares(state))
        else:
            self.agent_selection = self.possible_agents[deciding_seat(state)]
        if self.render_mode == "human":
            self.render()

    def _finish(self, utilities: list[float], info: dict[str, Any] | None = None) -> None:
        self._step_no += 1
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(utilities[i])
            self.terminations[a] = True
            if info:
                self.infos[a] = dict(info)
        self._accumulate_rewards()
        # the dead-step order starts with the first seat
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        st = self.state_
        seat = None if st is None or st.is_terminal else st.current_player
        return render_output(self.render_mode, self.game, st, seat, self.codec, gymnasium.logger.warn)

    def close(self) -> None:
        pass

    # -- extras --------------------------------------------------------------------------------------------
    @property
    def engine_state(self) -> State | None:
        """The underlying engine state (it holds hidden information: do not feed it to a learning agent)."""
        return self.state_


def _observation_space(obs_size: int, num_actions: int) -> spaces.Dict:
    """A fresh observation space: the encoded view plus the legal-action mask."""
    return spaces.Dict({
        "observation": spaces.Box(low=-CLIP, high=CLIP, shape=(obs_size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
    })

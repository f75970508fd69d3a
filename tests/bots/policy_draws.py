"""Test helper for the rulesets' rollout policies: how often a policy picks each action of one position."""

from __future__ import annotations

from collections import Counter

from evolutio.bots.rollout import DEFAULT_POLICY, rollout_policy_for
from evolutio.kernel import Action, Rng, State


def policy_picks(game_name: str, state: State, draws: int, rng: Rng, kind: str = DEFAULT_POLICY) -> Counter[Action]:
    """How often ``game_name``'s rollout policy (its plug-in of ``kind``) picks each legal action of ``state`` in
    ``draws`` draws from ``rng``; every pick must be legal."""
    policy = rollout_policy_for(game_name, kind)
    legal = state.legal_actions()
    picks: Counter[Action] = Counter()
    for _ in range(draws):
        action = policy(state, legal, rng)
        assert action in legal, f"{action} is not legal"
        picks[action] += 1
    return picks


def play_out_with_policy(game_name: str, state: State, rng: Rng, kind: str = DEFAULT_POLICY,
                         where: str = "") -> Counter[str]:
    """Plays ``state`` to its end with ``game_name``'s rollout policy (its plug-in of ``kind``) in every seat; every
    pick must be legal (``where`` names the game in the failure). Returns how many actions of each kind were played."""
    policy = rollout_policy_for(game_name, kind)
    played: Counter[str] = Counter()
    while not state.is_terminal:
        legal = state.legal_actions()
        action = policy(state, legal, rng)
        assert action in legal, f"{where}: {action} is not legal (legal: {legal})"
        played[action.kind] += 1
        state.apply(action)
    return played

"""Helpers shared by the adapters (kernel contract only, no toolkit imports)."""

from __future__ import annotations

import json
from typing import Any

from evolutio.kernel import Game, State, game_class, load_game

#: what an adapter uses when a ruleset does not declare ``max_decisions``: a bound no sane game reaches
DEFAULT_MAX_DECISIONS = 100_000


def resolve_game(game: str | Game, options: dict[str, Any]) -> Game:
    """A :class:`Game` from a registered name plus options, or a ready ``Game`` instance (then no options)."""
    if isinstance(game, Game):
        if options:
            raise TypeError(f"options {sorted(options)} given with a ready Game instance; "
                            "pass the ruleset name instead")
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a ruleset name or a Game, got {type(game).__name__}")
    return load_game(game, **options)


def max_decisions(game: Game) -> int:
    """An upper bound on the decisions of one game: the ruleset's ``max_decisions`` (attribute or method), else
    :data:`DEFAULT_MAX_DECISIONS`."""
    v = getattr(game, "max_decisions", None)
    if callable(v):
        v = v()
    if isinstance(v, int) and not isinstance(v, bool) and v > 0:
        return v
    return DEFAULT_MAX_DECISIONS


def win_shares(state: State) -> list[float]:
    """The utility every adapter reports: 1 for a sole winner, ``1/k`` to each of ``k`` tied winners, 0 to the
    others (the ruleset's own ``winners()`` with its tie-breaks). All zeros while the game is running."""
    n = state.num_players
    if not state.is_terminal:
        return [0.0] * n
    w = state.winners()
    out = [0.0] * n
    if w:
        share = 1.0 / len(w)
        for i in w:
            out[i] = share
    return out


def deciding_seat(state: State) -> int:
    """The seat that must decide now in a running game; :class:`RuntimeError` once the game is over (no seat
    decides then, so asking is a caller's bug)."""
    seat = state.current_player
    if seat is None:
        raise RuntimeError(f"{state.game.name}: the game is over, no seat is deciding")
    return seat


def render_text(state: State, seat: int | None, *, codec: Any = None, max_actions: int = 40) -> str:
    """A plain-text picture of ``state`` as ``seat`` (``None``: spectator) may see it."""
    g = state.game
    lines = [f"{g.title or g.name} ({g.name}, {g.num_players} players) — view of "
             f"{'a spectator' if seat is None else f'seat {seat}'}"]
    if state.is_terminal:
        lines.append(f"game over; scores {state.scores()}; winners {state.winners()}")
    else:
        lines.append(f"seat {state.current_player} to decide")
    lines.append(json.dumps(state.view(seat), indent=1, sort_keys=True, ensure_ascii=False))
    if not state.is_terminal and seat is not None and seat == state.current_player:
        legal = state.legal_actions()
        lines.append(f"legal actions ({len(legal)}):")
        for a in legal[:max_actions]:
            code = f"{codec.encode(a):>6}  " if codec is not None else ""
            lines.append(f"  {code}{state.describe(a)}")
        if len(legal) > max_actions:
            lines.append(f"  ... and {len(legal) - max_actions} more")
    return "\n".join(lines)


def player_range(name: str) -> tuple[int, int]:
    cls = game_class(name)
    return cls.min_players, cls.max_players


def has_players_option(name: str) -> bool:
    return any(o.name == "players" for o in game_class(name).option_schema)


def render_output(render_mode: str | None, game: Game, state: State | None, seat: int | None, codec: Any,
                  warn: Any) -> str | None:
    """The shared body of the toolkits' ``render()``: ``"ansi"`` returns the text, ``"human"`` prints it."""
    if render_mode is None:
        warn("You are calling render without specifying a render_mode.")
        return None
    text = f"{game.name}: call reset() first" if state is None else render_text(state, seat, codec=codec)
    if render_mode == "human":
        print(text)
        return None
    return text

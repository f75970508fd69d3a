"""Terminal rendering of game views (rich). Views are plain dicts; a ruleset may provide a renderer as its
``"renderer"`` plug-in (see ``Game.plugins``): a callable ``(view, viewer) -> rich renderable``, optionally with a
``legend`` attribute explaining its symbols. Rulesets without one get a generic, compact listing of their view."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from evolutio.kernel import game_plugin

Renderer = Callable[[dict[str, Any], int | None], RenderableType]

#: the generic renderer prints at most this many characters of one top-level view entry
GENERIC_VALUE_WIDTH = 70
GENERIC_LEGEND = "The board is the game's view, one entry per line (key: value, long values cut)."


def generic_render(view: dict[str, Any], viewer: int | None) -> RenderableType:
    """One line per top-level entry of the view, cut to fit an 80-column screen."""
    out = Text()
    for key, value in view.items():
        text = json.dumps(value, ensure_ascii=False)
        if len(text) > GENERIC_VALUE_WIDTH:
            text = text[: GENERIC_VALUE_WIDTH - 1] + "…"
        out.append(f"{key}: ", style="bold")
        out.append(text + "\n")
    out.rstrip()
    return out


def renderer_for(game: str) -> Renderer:
    """The ruleset's own renderer, or :func:`generic_render`."""
    found = game_plugin(game, "renderer")
    return found if callable(found) else generic_render


def legend_for(game: str) -> str:
    """What the symbols of ``game``'s board mean."""
    found = game_plugin(game, "renderer")
    legend = getattr(found, "legend", None)
    return legend if isinstance(legend, str) else GENERIC_LEGEND

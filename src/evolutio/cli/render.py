"""Terminal rendering of game views (rich). Rulesets' views are plain dicts; a renderer per ruleset turns one into
something readable. Rulesets without a dedicated renderer get a generic tree of their view."""

from __future__ import annotations

import importlib
from typing import Any, Callable

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.panel import Panel

# name -> "module:function"; the function takes (view, seat) and returns a rich renderable
_RENDERERS: dict[str, str] = {
    "origin": "evolutio.cli.render_origin:render",
    "northstar": "evolutio.cli.render_northstar:render",
}


def renderer_for(game: str) -> Callable[[dict[str, Any], int | None], RenderableType]:
    spec = _RENDERERS.get(game)
    if spec:
        mod, fn = spec.split(":")
        try:
            return getattr(importlib.import_module(mod), fn)
        except (ImportError, AttributeError):
            pass
    return lambda view, seat: Panel(Pretty(view), title=f"{game} — seat {seat}")

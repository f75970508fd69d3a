"""Declared, validated ruleset options.

A ruleset lists its options as :class:`Option` rows. ``validate_options`` checks a user's mapping against them and
returns a complete, normalised dict (defaults filled in) or raises :class:`OptionError` naming the bad option, the
bad value and what would be accepted. Values given as strings (from a command line ``key=value``) are converted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Option:
    name: str
    kind: str  # "int" | "bool" | "choice" | "multi" | "str"
    default: Any
    help: str
    choices: Sequence[Any] = ()
    min: int | None = None
    max: int | None = None
    #: optional extra check: returns an error message or None
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)

    def describe(self) -> str:
        if self.kind == "int":
            rng = f"{self.min}..{self.max}" if self.min is not None and self.max is not None else "integer"
            return f"{rng}, default {self.default}"
        if self.kind == "bool":
            return f"on|off, default {'on' if self.default else 'off'}"
        if self.kind == "choice":
            return f"{'|'.join(map(str, self.choices))}, default {self.default}"
        if self.kind == "multi":
            d = ",".join(self.default) if self.default else "none"
            return f"any of {','.join(map(str, self.choices))}, default {d}"
        return f"text, default {self.default!r}"

    def convert(self, game: str, value: Any) -> Any:
        where = f"option '{self.name}' of {game}"
        if self.kind == "int":
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    raise OptionError(f"{where} must be an integer, got {value!r}") from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"{where} must be an integer, got {value!r}")
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise OptionError(f"{where} must be between {self.min} and {self.max}, got {value}")
        elif self.kind == "bool":
            if isinstance(value, str):
                v = value.strip().lower()
                if v in _TRUE:
                    value = True
                elif v in _FALSE:
                    value = False
                else:
                    raise OptionError(f"{where} must be on or off, got {value!r}")
            if not isinstance(value, bool):
                raise OptionError(f"{where} must be true or false, got {value!r}")
        elif self.kind == "choice":
            if value not in self.choices:
                raise OptionError(f"{where} must be one of {', '.join(map(str, self.choices))}; got {value!r}")
        elif self.kind == "multi":
            if isinstance(value, str):
                value = [v.strip() for v in value.split(",") if v.strip()]
            if not isinstance(value, (list, tuple)):
                raise OptionError(f"{where} must be a list of names, got {value!r}")
            bad = [v for v in value if v not in self.choices]
            if bad:
                raise OptionError(
                    f"{where}: unknown value(s) {', '.join(map(str, bad))}; known: {', '.join(self.choices)}"
                )
            if len(set(value)) != len(value):
                raise OptionError(f"{where} lists a value twice: {value!r}")
            value = tuple(sorted(value, key=list(self.choices).index))
        elif self.kind == "str" and not isinstance(value, str):
            raise OptionError(f"{where} must be text, got {value!r}")
        if self.check is not None:
            msg = self.check(value)
            if msg:
                raise OptionError(f"{where}: {msg}")
        return value


def validate_options(game: str, schema: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    by_name = {o.name: o for o in schema}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        raise OptionError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(repr(k) for k in unknown)} for {game}; "
            f"known options: {', '.join(by_name)}"
        )
    out: dict[str, Any] = {}
    for o in schema:
        out[o.name] = o.convert(game, given[o.name]) if o.name in given else o.default
    return out


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """Parse ``["key=value", ...]`` from a command line into a dict (values stay strings)."""
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            raise OptionError(f"options are written key=value, got {p!r}")
        k, v = p.split("=", 1)
        k = k.strip().replace("-", "_")
        if not k:
            raise OptionError(f"option with no name in {p!r}")
        out[k] = v
    return out

"""Errors raised by the kernel and by every ruleset.

Every message is meant for a person: it names what is wrong in the game's own terms.
"""


class EvolutioError(Exception):
    """Base class of every error evolutio raises on purpose."""


class IllegalAction(EvolutioError):
    """An action that the rules do not allow now. The state is left unchanged."""


class OptionError(EvolutioError, ValueError):
    """A ruleset option that is unknown or has a bad value."""


class ScenarioError(EvolutioError, ValueError):
    """A scenario document that does not describe a valid position."""


class RecordError(EvolutioError, ValueError):
    """A game record that is malformed or does not replay."""


class UnknownGame(EvolutioError, KeyError):
    """A ruleset name that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its message; we want plain text
        return str(self.args[0]) if self.args else "unknown game"

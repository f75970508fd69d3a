"""``newworld``: *Evolution: New World* (Rightgames 2022). Importing registers the ruleset.

Layout: ``data.py`` (the card data and its validation), ``state.py`` (the position), ``rules.py`` (shared rule
functions), ``flow.py`` (phases and turns as decision-stack steps), ``attacks.py`` (the attack and its defences'
order), ``steps.py`` (the step registry), ``traits/`` (one module per trait family registering hooks),
``variants/`` (Random Mutations), ``scenario.py``, ``view.py``, ``render.py`` (terminal), ``game.py`` (options and
the contract)."""

from . import traits

traits.load()

from .game import NewWorldGame, NewWorldPosition  # noqa: E402 - the trait modules register first
from .variants import random_mutations  # noqa: E402,F401 - registers the variant's steps

__all__ = ["NewWorldGame", "NewWorldPosition"]

"""The rules options of ``origin`` (NOTES.md §12's table) and the checks between them.

Every option added for the expansions defaults to today's base game, and :func:`recorded_options` leaves such an
option out of a record or a state while it has its default value, so the records and digests of base games stay
what they were. ``base_deck`` (the rules pack's name) is an alias of ``deck`` (DECISIONS.md): it is folded into
``deck`` before the options are validated.
"""

from __future__ import annotations

from typing import Any, Mapping

from evolutio.kernel import Option, players_option
from evolutio.kernel.errors import OptionError

from .card_data import CONTINENTS_HAND_SIZE, EXPANSION_SETS, HAND_SIZE
from .deck import BASE_LISTS, missing_traits

GAME = "origin"
TIME_TO_FLY, CONTINENTS, GIFT, ICE_AGE = "time_to_fly", "continents", "gift", "ice_age"
#: ``sets`` names: ``base`` (always in the deck) and the expansions; Ice Age's card data is the project's
#: reconstruction (``data/ice_age.json``, or the file of option ``ice_age_file``)
SET_CHOICES: tuple[str, ...] = ("base", *EXPANSION_SETS, ICE_AGE)
#: the players for which the rulebook advises a smaller deck
HALF_DECK_PLAYERS = (2, 3)
HALVE_EACH_KIND_PLAYERS = 2


def _start_hand(value: int) -> str | None:
    allowed = (CONTINENTS_HAND_SIZE, HAND_SIZE)
    return None if value in allowed else f"must be {CONTINENTS_HAND_SIZE} or {HAND_SIZE}, got {value}"


DECK = Option("deck", "choice", "default", "base list: the 3rd edition (default) or the earlier edition2 list",
              choices=tuple(BASE_LISTS))
BASE_DECK = Option("base_deck", "choice", "default", "alias of deck (the name the rules pack uses)",
                   choices=tuple(BASE_LISTS))
SCHEMA: tuple[Option, ...] = (
    players_option(2, 8, 4),
    DECK,
    BASE_DECK,
    Option("sets", "multi", ("base",), "expansions mixed into the base deck, comma-separated (base is always in)",
           choices=SET_CHOICES),
    Option("half_deck", "bool", False, "2-3 players with expansions: set aside half of the shuffled deck"),
    Option("halve_each_kind", "bool", False, "Continents with 2 players: remove half of every card kind"),
    Option("continents_start_hand", "int", CONTINENTS_HAND_SIZE,
           f"starting hand with Continents: {CONTINENTS_HAND_SIZE} (rulebook) or {HAND_SIZE}",
           min=HAND_SIZE, max=CONTINENTS_HAND_SIZE, check=_start_hand),
    Option("continents_without_locations", "bool", False,
           "play the Continents cards without locations (drops Migration, Remora, Herding)"),
    Option("mimicry_unlimited", "bool", False, "pre-3rd-edition Mimicry without the once-per-turn limit"),
    Option("synthesis_every_feeding_turn", "bool", False,
           "Specialization usable in every feeding turn instead of once per turn"),
    Option("metamorphosis_once_per_turn", "bool", False,
           "Metamorphosis limited to once per turn (the rulebook prints no limit)"),
    Option("paired_scores_per_animal", "bool", False, "a paired trait scores 1 per animal instead of 1 per card"),
    Option("tiebreak_dice", "bool", False,
           "break ties left after the discard-pile tie-break with dice instead of sharing the win"),
    Option("ice_age_file", "str", "",
           "Ice Age: a JSON file replacing the reconstructed card data (data/ice_age.json's format)"),
)
#: options that records and states carry only when they differ from their default (see the module docstring)
RECORDED_WHEN_SET: tuple[str, ...] = (
    "sets", "half_deck", "halve_each_kind", "continents_start_hand", "continents_without_locations",
    "synthesis_every_feeding_turn", "metamorphosis_once_per_turn", "ice_age_file",
)
#: option → the expansion it belongs to (set to a non-default value without that expansion, it is refused)
NEEDS_SET: dict[str, str] = {
    "halve_each_kind": CONTINENTS,
    "continents_start_hand": CONTINENTS,
    "continents_without_locations": CONTINENTS,
    "synthesis_every_feeding_turn": TIME_TO_FLY,
    "metamorphosis_once_per_turn": TIME_TO_FLY,
    "ice_age_file": ICE_AGE,
}
_DEFAULTS = {o.name: o.default for o in SCHEMA}


def fold_alias(given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` with ``base_deck`` moved onto ``deck`` (refused when both are given and disagree)."""
    out = dict(given)
    if "base_deck" not in out:
        return out
    alias = BASE_DECK.convert(GAME, out.pop("base_deck"))
    if "deck" in out and DECK.convert(GAME, out["deck"]) != alias:
        raise OptionError(f"options 'deck' and 'base_deck' of {GAME} name the same choice (base_deck is an alias) "
                          f"but disagree: {out['deck']!r} vs {alias!r}")
    out["deck"] = alias
    return out


def check(options: dict[str, Any]) -> None:
    """Refuse options that conflict or name what cannot be played yet; make ``sets`` always list ``base`` and
    ``base_deck`` equal ``deck``. Raises :class:`OptionError` naming the option."""
    sets = options["sets"]
    if "base" not in sets:
        sets = options["sets"] = ("base", *sets)
    options["base_deck"] = options["deck"]
    expansions = [name for name in sets if name != "base"]
    for name in expansions:
        if name == ICE_AGE:
            continue   # its data (reconstructed or the user's file) is read and checked by ice_age_data.load
        missing = missing_traits(name)
        if missing:
            raise OptionError(f"option 'sets' of {GAME}: {name} cannot be played yet: its traits "
                              f"{', '.join(missing)} have no rules in this evolutio")
    for name, needed in NEEDS_SET.items():
        if options[name] != _DEFAULTS[name] and needed not in sets:
            raise OptionError(f"option '{name}' of {GAME} applies only with the {needed} expansion: add it to sets "
                              f"(-o sets={','.join([*expansions, needed])})")
    players = options["players"]
    if options["half_deck"]:
        if not expansions:
            raise OptionError(f"option 'half_deck' of {GAME} applies only when sets mixes in an expansion")
        if players not in HALF_DECK_PLAYERS:
            raise OptionError(f"option 'half_deck' of {GAME} is for 2 or 3 players (the rulebook's advice); this "
                              f"game has {players}")
    if options["halve_each_kind"]:
        if players != HALVE_EACH_KIND_PLAYERS:
            raise OptionError(f"option 'halve_each_kind' of {GAME} is for 2 players (the rulebook's advice); this "
                              f"game has {players}")
        if options["half_deck"]:
            raise OptionError(f"options 'half_deck' and 'halve_each_kind' of {GAME} both shrink the deck: choose "
                              "one")


def recorded_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as records and states carry them (JSON form): ``base_deck`` (folded into ``deck``) and the
    :data:`RECORDED_WHEN_SET` options at their default are left out."""
    out: dict[str, Any] = {}
    for name, value in options.items():
        if name == "base_deck" or (name in RECORDED_WHEN_SET and value == _DEFAULTS[name]):
            continue
        out[name] = list(value) if isinstance(value, tuple) else value
    return out

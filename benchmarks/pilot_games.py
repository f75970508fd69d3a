"""The games a pilot plays: the arguments GAME SEED FIRST GAMES that heuristic_pilot.py and ismcts_pilot.py share
(games FIRST..FIRST+GAMES-1 of the tournament of seed SEED in ruleset GAME), parsed and checked in one place."""

from __future__ import annotations

import argparse

from evolutio.kernel import list_games


def add_game_range(parser: argparse.ArgumentParser) -> None:
    """The positional arguments GAME SEED FIRST GAMES."""
    parser.add_argument("game", metavar="GAME", help="the ruleset")
    parser.add_argument("seed", metavar="SEED", type=int, help="the tournament's seed")
    parser.add_argument("first", metavar="FIRST", type=int, help="the first game's index")
    parser.add_argument("games", metavar="GAMES", type=int, help="games played")


def check_game_range(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse (argparse's one-line error, exit 2) an unknown ruleset or an empty range of games."""
    if args.game not in list_games():
        parser.error(f"unknown game {args.game!r}; registered games: {', '.join(list_games())}")
    if args.first < 0 or args.games < 1:
        parser.error(f"FIRST must be 0 or more and GAMES at least 1, got {args.first} and {args.games}")

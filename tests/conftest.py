import os

import pytest

import evolutio

# Every registered ruleset, with a few player counts each; new rulesets are covered the day they register.
GAMES = evolutio.list_games()


def player_counts(name: str) -> list[int]:
    cls = evolutio.kernel.game_class(name)
    lo, hi = cls.min_players, cls.max_players
    return sorted({lo, min(hi, lo + 1), hi})


GAME_PLAYERS = [(g, p) for g in GAMES for p in player_counts(g)]


def pytest_report_header(config):
    return f"evolutio rulesets: {', '.join(GAMES) or 'none'}"


@pytest.fixture(scope="session")
def shared_dir():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "shared"))

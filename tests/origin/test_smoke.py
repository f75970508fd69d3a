from evolutio.kernel import list_games, load_game

from .conftest import census, play_random


def test_registered():
    assert "origin" in list_games()
    g = load_game("origin")
    assert g.num_players == 4
    assert g.action_schema().num_actions < 5000


def test_random_games_end_with_all_cards_accounted_for():
    g = load_game("origin", players=3)
    for seed in range(5):
        s = play_random(g, seed)
        assert census(s)["total"] == 84
        assert s.is_terminal and s.current_player is None
        assert s.winners()

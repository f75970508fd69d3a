"""Legal-action counts from fixed positions (perft-style guards against move-generation drift) and scenario-set
pending attacks."""

from evolutio.kernel import Action, load_game

from .conftest import feeding, owner, scenario


def test_opening_counts():
    s = load_game("origin", players=4).new_state(1)
    legal = s.legal_actions()
    # pass + one `animal` per card in hand; no traits without animals on the table
    assert len(legal) == 1 + 6 and {a.kind for a in legal} == {"pass", "animal"}


def test_feeding_position_count():
    s = feeding([[{"id": 0, "traits": ["carnivore", "piracy", "tramp", "hibernation"]}, {"id": 1, "food": 0},
                  {"id": 2, "traits": ["fat_tissue", "fat_tissue"], "fat": 2}],
                 [{"id": 10, "food": 1, "traits": ["big"]}, {"id": 11, "traits": ["camouflage"]}]], food_base=3)
    got = sorted(map(str, s.legal_actions()))
    # animal 2 needs 1 but may convert both of its yellow tokens (the rulebook's "any number"; origin-4)
    assert got == sorted(["take 0", "take 1", "take 2", "attack 0", "convert 2 1", "convert 2 2", "pirate 0",
                          "tramp 0", "hibernate 0"])


def test_two_step_count_after_attack():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}],
                 [{"id": 10, "traits": ["big"]}, {"id": 11, "traits": ["swimming"]}, {"id": 12}]])
    s.apply(Action("attack", 0))
    assert sorted(a.args[0] for a in s.legal_actions()) == [1, 12]


def test_scenario_pending_defence():
    s = scenario({"phase": "feeding", "food_base": 3, "players": [
        {"animals": [{"id": 0, "traits": ["carnivore"]}]},
        {"animals": [{"id": 10, "traits": ["running"]}, {"id": 11}]}],
        "pending": {"kind": "defence", "carnivore": 0, "target": 10}, "chance": [{"die": 6}]})
    assert s.current_player == 1 and s.legal_actions() == [Action("run")]
    s.apply(Action("run"))
    assert owner(s, 10) == 1 and s.current_player == 1     # escaped; seat 1's feeding turn follows

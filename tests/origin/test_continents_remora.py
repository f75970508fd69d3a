"""Remora (NOTES §9.3, §10): follows a migrant out of its location — the migrating player's Remoras first, then the
other players clockwise; several may follow one migrant; a Remora moves only as it could migrate itself."""

from evolutio.kernel import Action

from .conftest import table
from .continents import events, legal, located, where


def test_remoras_of_the_migrating_player_then_of_the_others_clockwise_follow():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia"},
                  {"id": 1, "traits": ["remora"], "location": "laurasia"}, {"id": 2, "traits": ["migration"]}],
                 [{"id": 10, "traits": ["remora"], "location": "laurasia"}],
                 [{"id": 20, "traits": ["remora"], "location": "laurasia"}]])
    s.apply(Action("migrate_gondwana", 0))
    decision = table(s)["decision"]
    assert decision["kind"] == "remora_follow" and decision["player"] == 0 and decision["migrant"] == 0
    assert legal(s, "follow") == {Action("follow", 1)}
    s.apply(Action("follow", 1))
    assert where(s, 1) == "gondwana"
    assert table(s)["decision"]["player"] == 1
    s.apply(Action("pass"))
    assert table(s)["decision"]["player"] == 2
    s.apply(Action("follow", 20))
    assert where(s, 20) == "gondwana" and where(s, 10) == "laurasia"
    assert table(s)["decision"]["kind"] == "feeding"   # the migrating player's turn goes on
    assert [e["animal"] for e in events(s, "follow")] == [1, 20]


def test_a_remora_cannot_migrate_on_its_own():
    s = located([[{"id": 0, "traits": ["remora"], "location": "laurasia"}], [{"id": 10}]], locations={"laurasia": 1})
    assert "has no Migration" in s.explain_illegal(Action("migrate_gondwana", 0))


def test_a_non_swimming_remora_does_not_follow_a_swimmer_into_the_ocean():
    s = located([[{"id": 0, "traits": ["migration", "swimming"], "location": "laurasia", "food": 1},
                  {"id": 1, "traits": ["remora"], "location": "laurasia", "food": 1}],
                 [{"id": 10, "location": "ocean"}]], locations={"ocean": 1})
    s.apply(Action("migrate_ocean", 0))
    assert table(s)["decision"]["kind"] == "feeding" and table(s)["to_act"] == 1   # nobody was asked
    assert where(s, 0) == "ocean" and where(s, 1) == "laurasia"


def test_a_swimming_remora_follows_a_swimmer_out_of_the_ocean_with_a_swimming_card_of_its_own():
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean", "food": 1},
                  {"id": 1, "traits": ["remora"], "location": "ocean", "food": 1}], [{"id": 10}]],
                discards=[["remora/swimming", "migration/swimming"], []])
    s.apply(Action("migrate_gondwana", 0))
    assert legal(s, "follow") == {Action("follow", 1)}
    s.apply(Action("follow", 1))
    assert where(s, 0) == where(s, 1) == "gondwana"
    assert all("swimming" in [t["trait"] for t in s.view(None)["players"][0]["animals"][i]["traits"]] for i in (0, 1))

import pytest

from evolutio.kernel import Action, ActionSchema, IllegalAction, Option, OptionError, actions_by_kind, validate_options
from evolutio.kernel.options import parse_option_pairs


# ------------------------------------------------------------------------------------------------------ Action
def test_action_value_semantics():
    a, b = Action("attack", 3, 7), Action("attack", 3, 7)
    assert a == b and hash(a) == hash(b)
    assert a != Action("attack", 7, 3)
    assert len({a, b, Action("pass")}) == 2


def test_action_immutable():
    a = Action("pass")
    with pytest.raises(AttributeError):
        a.kind = "x"  # type: ignore[misc]


def test_action_json_and_text_roundtrip():
    a = Action("play_trait", 12, 1, 40)
    assert a.to_json() == ["play_trait", 12, 1, 40]
    assert Action.from_json(a.to_json()) == a
    assert Action.from_json({"kind": "play_trait", "args": [12, 1, 40]}) == a
    assert str(a) == "play_trait 12 1 40"
    assert Action.parse(str(a)) == a


def test_action_pickles():
    import pickle

    a = Action("x", 1, 2)
    assert pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize(
    "bad, msg",
    [
        ([], "written"),
        ("pass", "written"),
        ([3], "kind must be a non-empty string"),
        (["attack", "3"], "must be integers"),
        (["attack", True], "must be integers"),
        ({"kind": "x", "args": 3}, "args must be a list"),
        ({"kind": "x", "extra": 1}, "keys"),
    ],
)
def test_action_from_json_rejects(bad, msg):
    with pytest.raises(IllegalAction, match=msg):
        Action.from_json(bad)


def test_action_parse_rejects_words():
    with pytest.raises(IllegalAction, match="integers"):
        Action.parse("attack three")


# ------------------------------------------------------------------------------------------------------- codec
SCHEMA = ActionSchema([("pass", []), ("take", [("animal", 5)]), ("attack", [("carnivore", 4), ("target", 6)])])


def test_codec_size_and_bijection():
    assert SCHEMA.num_actions == 1 + 5 + 24
    seen = set()
    for code in range(SCHEMA.num_actions):
        a = SCHEMA.decode(code)
        assert SCHEMA.encode(a) == code
        seen.add(a)
    assert len(seen) == SCHEMA.num_actions
    assert SCHEMA.encode(Action("attack", 2, 5)) == 6 + 2 * 6 + 5


def test_codec_named_form():
    assert SCHEMA.named(Action("attack", 1, 2)) == {"kind": "attack", "carnivore": 1, "target": 2}


@pytest.mark.parametrize(
    "action, msg",
    [
        (Action("fly"), "not part of"),
        (Action("take"), "takes 1 argument"),
        (Action("take", 5), "outside the encodable range 0..4"),
        (Action("attack", 1, -1), "target=-1"),
    ],
)
def test_codec_encode_rejects(action, msg):
    with pytest.raises(IllegalAction, match=msg):
        SCHEMA.encode(action)


@pytest.mark.parametrize("code", [-1, 30, 10**9])
def test_codec_decode_rejects_out_of_range(code):
    with pytest.raises(IllegalAction, match=r"outside \[0, 30\)"):
        SCHEMA.decode(code)


def test_codec_decode_rejects_non_int():
    with pytest.raises(IllegalAction, match="integer"):
        SCHEMA.decode("x")  # type: ignore[arg-type]


def test_codec_rejects_bad_schema():
    with pytest.raises(ValueError):
        ActionSchema([("a", []), ("a", [])])
    with pytest.raises(ValueError):
        ActionSchema([("a", [("x", 0)])])


# ----------------------------------------------------------------------------------------------------- options
OPTS = (
    Option("players", "int", 4, "number of players", min=2, max=8),
    Option("deck", "choice", "default", "deck list", choices=("default", "edition2")),
    Option("fast", "bool", False, "a flag"),
    Option("sets", "multi", (), "expansions", choices=("a", "b", "c")),
)


def test_defaults_filled():
    assert validate_options("g", OPTS, {}) == {"players": 4, "deck": "default", "fast": False, "sets": ()}


def test_string_values_converted():
    got = validate_options("g", OPTS, {"players": "3", "fast": "on", "sets": "c,a"})
    assert got["players"] == 3 and got["fast"] is True and got["sets"] == ("a", "c")


@pytest.mark.parametrize(
    "given, msg",
    [
        ({"plyers": 3}, r"unknown option 'plyers' for g; known options: players, deck, fast, sets"),
        ({"players": 9}, "between 2 and 8, got 9"),
        ({"players": "many"}, "must be an integer"),
        ({"players": True}, "must be an integer"),
        ({"deck": "edition3"}, "must be one of default, edition2"),
        ({"fast": "maybe"}, "on or off"),
        ({"sets": "a,z"}, "unknown value"),
        ({"sets": ["a", "a"]}, "twice"),
    ],
)
def test_bad_options_refused_with_reason(given, msg):
    with pytest.raises(OptionError, match=msg):
        validate_options("g", OPTS, given)


def test_option_pairs():
    assert parse_option_pairs(["deck=edition2", "tiebreak-dice=on"]) == {"deck": "edition2", "tiebreak_dice": "on"}
    with pytest.raises(OptionError, match="key=value"):
        parse_option_pairs(["deck"])


def test_actions_by_kind_keeps_the_order_of_first_appearance() -> None:
    actions = [Action("take", 3), Action("attack", 1, 2), Action("take", 1), Action("pass"), Action("attack", 4, 5)]
    groups = actions_by_kind(actions)
    assert list(groups) == ["take", "attack", "pass"]
    assert groups["take"] == [Action("take", 3), Action("take", 1)]
    assert groups["attack"] == [Action("attack", 1, 2), Action("attack", 4, 5)]
    assert groups["pass"] == [Action("pass")]

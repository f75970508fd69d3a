"""The CS 4500 (Northeastern, Spring 2016) test harnesses, judging the ``northstar`` ruleset's course variant.

Course JSON (SPEC.md in ``shared/conformance/cs4500``; the cases are copied in ``tests/data/cs4500``) is converted
into a northstar scenario (``variant=cs4500``); the ruleset, found through the registry, plays the harness's step
with the course's silly player (the ruleset's ``"bots"`` plug-in); the answer is read back from the game's views and
converted into course JSON. Nothing here imports a game module: only the public contract is used.

In-process use::

    from evolutio.conformance.cs4500 import run_harness
    out = run_harness("xstep", json.loads(text))   # None means "print nothing"

Command line (one JSON value on stdin, the answer on stdout, like the course harnesses)::

    python -m evolutio.conformance.cs4500 xstep < 0067-2657-1-in.json
    python -m evolutio.conformance.cs4500 --check tests/data/cs4500   # run every case

A missing case folder, unreadable or non-JSON input exits with status 2 and a one-line message on standard error;
well-formed JSON that is not a course value prints nothing (the course harnesses' behaviour).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from evolutio.kernel import Action, EvolutioError, State, load_game
from evolutio.kernel.registry import game_plugin

RULESET = "northstar"
COURSE_VARIANT = "cs4500"
SILLY_PLAYER = "cs4500-silly"

HARNESSES = ("xattack", "xfeed", "xfeed-hw6", "xstep", "xstep-hw8", "xstep4", "xsilly")
#: SPEC §7: the one case whose expected output disagrees with the course rules (and with its own xfeed version)
KNOWN_MISMATCHES = {("xfeed-hw6", "2598-8949-1"):
                    "SPEC §7: the hw6 expected output is empty, but the silly strategy answers false (and the "
                    "assignment-7 copy xfeed/2598-8949-1 of the same input expects false)"}

#: the course's trait names (SPEC §3.1); the course spells the ruleset's "defensive-herding" as "herding"
COURSE_TRAIT_NAMES = frozenset({
    "carnivore", "ambush", "burrowing", "climbing", "cooperation", "herding", "fat-tissue", "fertile", "foraging",
    "hard-shell", "horns", "long-neck", "pack-hunting", "scavenger", "symbiosis", "warning-call"})
#: the ruleset's trait ids whose course spelling differs
COURSE_SPELLING = {"defensive-herding": "herding"}
#: the view's phase names this harness steps through
SELECT_FOOD, PLAY_CARDS, REPLACE_TRAIT, FEEDING = "select-food", "play-cards", "replace-trait", "feeding"
#: the course's most species per player the engine supports (board indices in Action4 are checked against it)
MAX_BOARD_INDEX = 23
#: the largest trait index an RT may name (a species holds at most four traits in the assignment-6 form)
MAX_TRAIT_INDEX = 3
#: exit status for unusable input or a missing folder
USAGE_ERROR = 2


class CourseError(ValueError):
    """Course JSON that does not have the shape SPEC §4 defines (the harness prints nothing)."""


# ------------------------------------------------------------------------------------------------ parsing (§4)
def _nat(v: Any, where: str, lo: int = 0, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        raise CourseError(f"{where}: expected an integer in {lo}..{hi if hi is not None else '∞'}, got {v!r}")
    return v


def _pairs(v: Any, keys: tuple[str, ...], optional: tuple[str, ...], where: str) -> dict[str, Any]:
    if not isinstance(v, list):
        raise CourseError(f"{where}: expected a list of [key, value] pairs")
    want = list(keys)
    out: dict[str, Any] = {}
    for i, pair in enumerate(v):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise CourseError(f"{where}: entry {i} is not a [key, value] pair")
        k = pair[0]
        if i < len(want):
            if k != want[i]:
                raise CourseError(f"{where}: expected key {want[i]!r} at position {i}, got {k!r}")
        elif i - len(want) < len(optional) and k == optional[i - len(want)]:
            pass
        else:
            raise CourseError(f"{where}: unexpected key {k!r}")
        out[k] = pair[1]
    if len(out) < len(want):
        raise CourseError(f"{where}: missing keys {want[len(out):]}")
    return out


def _trait(v: Any, where: str) -> str:
    if v not in COURSE_TRAIT_NAMES:
        raise CourseError(f"{where}: unknown trait {v!r}")
    return v


def parse_species(v: Any, where: str, max_traits: int = 3) -> dict[str, Any]:
    d = _pairs(v, ("food", "body", "population", "traits"), ("fat-food",), where)
    food = _nat(d["food"], f"{where} food", 0, 7)
    body = _nat(d["body"], f"{where} body", 0, 7)
    pop = _nat(d["population"], f"{where} population", 0, 7)
    if food > pop:
        raise CourseError(f"{where}: food {food} exceeds population {pop}")
    traits = d["traits"]
    if not isinstance(traits, list) or len(traits) > max_traits:
        raise CourseError(f"{where}: traits must be a list of at most {max_traits}")
    traits = [_trait(t, f"{where} trait") for t in traits]
    if len(set(traits)) != len(traits):
        raise CourseError(f"{where}: duplicate traits")
    fat = _nat(d.get("fat-food", 0), f"{where} fat-food", 0, 7)
    return {"body": body, "population": pop, "food": food, "fat": fat, "traits": traits}


def parse_card(v: Any, where: str) -> list:
    if not (isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and not isinstance(v[0], bool)):
        raise CourseError(f"{where}: a card is [food, trait], got {v!r}")
    _trait(v[1], where)
    lim = 8 if v[1] == "carnivore" else 3
    if not -lim <= v[0] <= lim:
        raise CourseError(f"{where}: food value {v[0]} outside -{lim}..{lim} for {v[1]}")
    return [v[0], v[1]]


def parse_player(v: Any, where: str, cards: bool = True, max_traits: int = 3) -> dict[str, Any]:
    d = _pairs(v, ("id", "species", "bag"), ("cards",) if cards else (), where)
    pid = _nat(d["id"], f"{where} id", 1)
    if not isinstance(d["species"], list):
        raise CourseError(f"{where}: species must be a list")
    sps = [parse_species(s, f"{where} species {i}", max_traits) for i, s in enumerate(d["species"])]
    bag = _nat(d["bag"], f"{where} bag", 0)
    hand = d.get("cards", [])
    if not isinstance(hand, list):
        raise CourseError(f"{where}: cards must be a list")
    return {"id": pid, "species": sps, "bag": bag, "hand": [parse_card(c, f"{where} card") for c in hand]}


def parse_configuration(v: Any) -> tuple[list[dict], int, list]:
    if not (isinstance(v, list) and len(v) == 3 and isinstance(v[0], list)):
        raise CourseError("a Configuration is [players, watering-hole, deck]")
    players = [parse_player(p, f"player {i}") for i, p in enumerate(v[0])]
    wh = _nat(v[1], "watering hole", 0)
    if not isinstance(v[2], list):
        raise CourseError("the deck must be a list of cards")
    deck = [parse_card(c, "deck card") for c in v[2]]
    return players, wh, deck


# --------------------------------------------------------------------------------------------- to our scenarios
def scenario(players: list[dict], wh: int, deck: list | None, phase: str, *, turn: int = 0,
             queue: list[int] | None = None) -> dict[str, Any]:
    """A northstar scenario (variant cs4500) for a course position. Players keep their course order; the first one
    is the first player."""
    sc: dict[str, Any] = {
        "game": RULESET,
        "options": {"variant": COURSE_VARIANT, "players": min(max(len(players), 2), 6)},
        "seed": 0,
        "phase": phase,
        "first_player": 0,
        "turn": turn,
        "watering_hole": wh,
        "deck": deck if deck is not None else [],
        "hold_round_end": True,
        "players": [{"hand": [list(c) for c in p.get("hand", [])], "bag": p.get("bag", 0),
                     "species": [{"body": s["body"], "population": s["population"], "food": s["food"],
                                  "fat": s["fat"], "traits": list(s["traits"])} for s in p["species"]]}
                    for p in players],
    }
    if queue is not None:
        sc["queue"] = queue
    return sc


def load(sc: dict[str, Any]) -> State:
    game = load_game(RULESET, **sc["options"])
    return game.state_from_scenario(sc)


def silly_action(state: State) -> Action:
    """The course's silly player's choice for the player to move, from the ruleset's ``"bots"`` plug-in."""
    plugins = game_plugin(RULESET, "bots") or {}
    player_class = plugins.get(SILLY_PLAYER)
    if player_class is None:
        raise EvolutioError(f"the {RULESET} ruleset does not provide the {SILLY_PLAYER} player")
    action: Action = player_class().choose(state)
    return action


# ------------------------------------------------------------------------------------------- back to course JSON
def course_trait(trait: str) -> str:
    return COURSE_SPELLING.get(trait, trait)


def card_json(card: dict[str, Any]) -> list:
    """A view's card ``{"id", "trait", "food"}`` as a course card ``[food, trait]``."""
    return [card["food"], course_trait(card["trait"])]


def species_json(species: dict[str, Any]) -> list:
    """A view's species as a course Species+ (``fat-food`` only on a species with Fat Tissue that stores some)."""
    traits = [course_trait(card["trait"]) for card in species["traits"]]
    out = [["food", species["food"]], ["body", species["body"]], ["population", species["population"]],
           ["traits", traits]]
    if "fat-tissue" in traits and species["fat"] > 0:
        out.append(["fat-food", species["fat"]])
    return out


def player_json(state: State, seat: int, player_id: int, with_cards: bool = True) -> list:
    """Seat ``seat`` as a course Player+, read from the seat's own view (its hand is visible only there)."""
    mine = state.view(seat)["players"][seat]
    out = [["id", player_id], ["species", [species_json(species) for species in mine["species"]]],
           ["bag", mine["bag"]]]
    if with_cards and mine["hand"]:
        out.append(["cards", [card_json(card) for card in mine["hand"]]])
    return out


def configuration_json(state: State, ids: list[int], course_deck: list) -> list:
    """A course Configuration. The deck is the course input deck minus the cards drawn from its front (the course
    draws only from the front)."""
    public = state.view(None)
    remaining = public["draw_pile"]
    deck = course_deck[len(course_deck) - remaining:] if remaining else []
    return [[player_json(state, seat, ids[seat]) for seat in range(len(ids))], public["watering_hole"],
            [list(card) for card in deck]]


# ------------------------------------------------------------------------------------------------- harnesses
def xattack(inp: Any) -> Any:
    """Whether the attacker may attack the defender. Asked of the ruleset as a legal-action question: the attacker's
    owner is to move in the feeding phase with a hungry attacker and food in the watering hole (neither changes
    whether an attack is allowed), and the answer is whether the attack is among the legal actions."""
    if not (isinstance(inp, list) and len(inp) == 4):
        raise CourseError("a Situation is [defender, attacker, left, right]")
    defender = parse_species(inp[0], "defender")
    attacker = parse_species(inp[1], "attacker")
    left = None if inp[2] is False else parse_species(inp[2], "left neighbour")
    right = None if inp[3] is False else parse_species(inp[3], "right neighbour")
    if "carnivore" not in attacker["traits"] or attacker["population"] == 0:
        return False
    row = ([left] if left else []) + [defender] + ([right] if right else [])
    target = 1 if left else 0
    hungry_attacker = {**attacker, "food": 0}
    state = load(scenario([{"species": row, "bag": 0}, {"species": [hungry_attacker], "bag": 0}], 1, [], FEEDING,
                          turn=1, queue=[1]))
    return state.current_player == 1 and Action("attack", 0, 0, target) in state.legal_actions()


def _feeding_state(inp: Any, max_traits: int) -> tuple[State, list[dict]]:
    if not (isinstance(inp, list) and len(inp) == 3 and isinstance(inp[2], list)):
        raise CourseError("a Feeding is [player, watering-hole, opponents]")
    me = parse_player(inp[0], "player", cards=False, max_traits=max_traits)
    wh = _nat(inp[1], "watering hole", 1)
    opps = [parse_player(o, f"opponent {i}", cards=False, max_traits=max_traits) for i, o in enumerate(inp[2])]
    players = [me] + opps
    return load(scenario(players, wh, [], FEEDING, queue=list(range(len(players))))), players


def _wants_food(species: dict[str, Any]) -> bool:
    """SPEC §5.2's precondition for one species: hungry, or Fat Tissue with room."""
    has_fat_tissue = any(card["trait"] == "fat-tissue" for card in species["traits"])
    return species["food"] < species["population"] or (has_fat_tissue and species["body"] - species["fat"] > 0)


def xfeed(inp: Any, value_form: bool = False) -> Any:
    state, players = _feeding_state(inp, 4 if value_form else 3)
    view = state.view(0)
    board = view["players"][0]["species"]
    if not any(_wants_food(species) for species in board):
        return None  # precondition violated: print nothing
    if state.current_player != 0:
        return False  # the chooser has no feeding option: the ruleset moved past it, the silly answer is "no"
    action = silly_action(state)
    if action.kind == "pass":
        return False
    if action.kind == "feed":
        s = action.args[0]
        return species_json(board[s]) if value_form else s
    if action.kind == "store_fat":
        s = action.args[0]
        species = board[s]
        stored = min(species["body"] - species["fat"], view["watering_hole"])
        return [species_json(species), stored] if value_form else [s, stored]
    s, target_seat, target = action.args
    if value_form:
        return [species_json(board[s]), player_json(state, target_seat, players[target_seat]["id"], with_cards=False),
                species_json(view["players"][target_seat]["species"][target])]
    return [s, target_seat - 1, target]


def xstep(inp: Any) -> Any:
    players, wh, deck = parse_configuration(inp)
    ids = [p["id"] for p in players]
    state = load(scenario(players, wh, deck, FEEDING, queue=list(range(len(players)))))
    if not state.is_terminal:
        view = state.view(None)
        if view["phase"] == FEEDING and view.get("queue", [])[:1] == [0] and state.current_player == 0:
            state.apply(silly_action(state))  # one feed1 by the first player
    return configuration_json(state, ids, deck)


def _action4_to_actions(board_count: int, hand: list[int], a4: Any) -> tuple[Action, list[Action]]:
    """SPEC §4 Action4 (hand indices before the action; new boards numbered after the existing ones) → the food
    card action and the play-turn actions in the course's fixed order BT, RT, GP, GB. ``hand`` holds card ids."""
    if not (isinstance(a4, list) and len(a4) == 5 and all(isinstance(x, list) for x in a4[1:])):
        raise CourseError("an Action4 is [food-card, [GP…], [GB…], [BT…], [RT…]]")

    def card(index: Any) -> int:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(hand):
            raise CourseError(f"card index {index!r} outside the hand of {len(hand)}")
        return hand[index]

    food = Action("food_card", card(a4[0]))
    actions = []
    for board_index, bt in enumerate(a4[3]):
        if not (isinstance(bt, list) and 1 <= len(bt) <= 4):
            raise CourseError("a BT is [pay, trait-card…] with 1–4 card indices")
        actions.append(Action("new_species", card(bt[0]), 1))
        for trait_card in bt[1:]:
            actions.append(Action("trait", card(trait_card), board_count + board_index))
    for rt in a4[4]:
        if not (isinstance(rt, list) and len(rt) == 3):
            raise CourseError("an RT is [board, trait-index, card]")
        board, trait_index, replacement = rt
        actions.append(Action("replace_trait", _nat(board, "RT board", 0, MAX_BOARD_INDEX),
                              _nat(trait_index, "RT trait index", 0, MAX_TRAIT_INDEX)))
        actions.append(Action("trait", card(replacement), board))
    for tag, growths, kind in (("population", a4[1], "grow_pop"), ("body", a4[2], "grow_body")):
        for growth in growths:
            if isinstance(growth, list) and len(growth) == 3 and growth[0] == tag:
                growth = growth[1:]
            if not (isinstance(growth, list) and len(growth) == 2):
                raise CourseError(f"a {tag} growth is [\"{tag}\", board, card]")
            actions.append(Action(kind, card(growth[1]), _nat(growth[0], "growth board", 0, MAX_BOARD_INDEX)))
    actions.append(Action("end_turn"))
    return food, actions


def _hand_ids(state: State, seat: int) -> list[int]:
    return [card["id"] for card in state.view(seat)["players"][seat]["hand"]]


def xstep4(inp: Any) -> Any:
    if not (isinstance(inp, list) and len(inp) == 2 and isinstance(inp[1], list)):
        raise CourseError("an xstep4 input is [Configuration, Step4]")
    players, wh, deck = parse_configuration(inp[0])
    if len(inp[1]) != len(players):
        raise CourseError("Step4 needs one Action4 per player")
    ids = [p["id"] for p in players]
    state = load(scenario(players, wh, deck, SELECT_FOOD))
    public = state.view(None)
    food: dict[int, Action] = {}
    play: dict[int, list[Action]] = {}
    for seat, a4 in enumerate(inp[1]):
        board_count = len(public["players"][seat]["species"])
        food[seat], play[seat] = _action4_to_actions(board_count, _hand_ids(state, seat), a4)
    while not state.is_terminal:
        phase = state.view(None)["phase"]
        if phase not in (SELECT_FOOD, PLAY_CARDS, REPLACE_TRAIT):
            break
        decider = state.current_player
        assert decider is not None
        state.apply(food[decider] if phase == SELECT_FOOD else play[decider].pop(0))
    while not state.is_terminal:  # automatic feeding happened at the reveal; now the feeding cycle (§5.8)
        state.apply(silly_action(state))
    return configuration_json(state, ids, deck)


def xsilly(inp: Any) -> Any:
    if not (isinstance(inp, list) and len(inp) == 3 and isinstance(inp[1], list) and isinstance(inp[2], list)):
        raise CourseError("a Choice is [player, boards before, boards after]")
    me = parse_player(inp[0], "chooser")
    before = [{"species": [parse_species(s, "board") for s in b], "bag": 0} for b in inp[1]]
    after = [{"species": [parse_species(s, "board") for s in b], "bag": 0} for b in inp[2]]
    seat = len(before)
    state = load(scenario(before + [me] + after, 0, [], SELECT_FOOD, turn=seat))
    hand = _hand_ids(state, seat)
    board_count = len(state.view(None)["players"][seat]["species"])
    out_food = None
    grow_population: list = []
    grow_body: list = []
    new_boards: list = []
    replacements: list = []
    replacing: tuple[int, ...] = ()
    while not state.is_terminal and state.current_player == seat:
        phase = state.view(None)["phase"]
        if phase not in (SELECT_FOOD, PLAY_CARDS, REPLACE_TRAIT):
            break
        action = silly_action(state)
        kind, args = action.kind, action.args
        if kind == "food_card":
            out_food = hand.index(args[0])
        elif kind == "new_species":
            new_boards.append([hand.index(args[0])])
        elif kind == "trait" and phase == REPLACE_TRAIT:
            replacements.append([replacing[0], replacing[1], hand.index(args[0])])
        elif kind == "trait":
            new_boards[args[1] - board_count].append(hand.index(args[0]))
        elif kind == "replace_trait":
            replacing = args
        elif kind == "grow_pop":
            grow_population.append(["population", args[1], hand.index(args[0])])
        elif kind == "grow_body":
            grow_body.append(["body", args[1], hand.index(args[0])])
        state.apply(action)
        if kind == "end_turn":
            break
    return [out_food, grow_population, grow_body, new_boards, replacements]


def run_harness(name: str, inp: Any) -> Any:
    """The harness's answer for one input (``None``: print nothing). Malformed input also gives ``None``."""
    try:
        if name == "xattack":
            return xattack(inp)
        if name == "xfeed":
            return xfeed(inp)
        if name == "xfeed-hw6":
            return xfeed(inp, value_form=True)
        if name in ("xstep", "xstep-hw8"):
            return xstep(inp)
        if name == "xstep4":
            return xstep4(inp)
        if name == "xsilly":
            return xsilly(inp)
    except (CourseError, EvolutioError):
        return None
    raise ValueError(f"unknown harness {name!r}; harnesses: {', '.join(HARNESSES)}")


class UsageError(Exception):
    """The tool cannot run: a missing folder, unreadable or non-JSON input (one line, exit status 2)."""


def cases(root: str | Path) -> list[tuple[str, str, Path, Path]]:
    """Every (harness, case name, input path, expected-output path) under ``root``."""
    out = []
    root = Path(root)
    if not root.is_dir():
        raise UsageError(f"{root}: no such folder (expected the CS 4500 cases: {', '.join(HARNESSES)} inside)")
    for harness in HARNESSES:
        for case_input in sorted((root / harness).glob("*-in.json")):
            name = case_input.name[: -len("-in.json")]
            out.append((harness, name, case_input, case_input.with_name(name + "-out.json")))
    if not out:
        raise UsageError(f"{root}: no CS 4500 cases found (expected folders {', '.join(HARNESSES)} with "
                         f"NAME-in.json / NAME-out.json pairs)")
    return out


def read_case_json(path: Path, allow_empty: bool = False) -> Any:
    """One case file's JSON; an empty expected-output file means "prints nothing" (``None``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    if allow_empty and not text.strip():
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


def expected(path: Path) -> Any:
    return read_case_json(path, allow_empty=True)


def check_all(root: str | Path) -> dict[str, list[int]]:
    """Run every case; returns {harness: [passed, total]} and prints each mismatch on standard error."""
    totals: dict[str, list[int]] = {}
    for harness, name, case_input, case_output in cases(root):
        got = run_harness(harness, read_case_json(case_input))
        ok = got == expected(case_output)
        tally = totals.setdefault(harness, [0, 0])
        tally[0] += ok
        tally[1] += 1
        if not ok:
            note = KNOWN_MISMATCHES.get((harness, name), "UNEXPECTED")
            print(f"{harness}/{name}: mismatch ({note})", file=sys.stderr)
    return totals


def _usage() -> str:
    return (f"usage: python -m evolutio.conformance.cs4500 {{{'|'.join(HARNESSES)}}} < input.json\n"
            f"       python -m evolutio.conformance.cs4500 --check DIR")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if len(argv) == 2 and argv[0] == "--check":
            totals = check_all(argv[1])
            for harness, (passed, total) in totals.items():
                print(f"{harness:10} {passed}/{total}")
            return 0
        if len(argv) != 1 or argv[0] not in HARNESSES:
            print(_usage(), file=sys.stderr)
            return USAGE_ERROR
        text = sys.stdin.read()
        try:
            inp = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"standard input: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    out = run_harness(argv[0], inp)
    if out is not None:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

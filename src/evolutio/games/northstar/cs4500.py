"""Conformance adapter for the CS 4500 (Northeastern, Spring 2016) test harnesses (SPEC.md in
``shared/conformance/cs4500``).

Course JSON is converted into a northstar scenario (``variant=cs4500``), the engine plays the harness's step with
the course's silly player (:mod:`.silly`), and the resulting state is converted back into course JSON.

In-process use::

    from evolutio.games.northstar.cs4500 import run_harness
    out = run_harness("xstep", json.loads(text))   # None means "print nothing"

Command line (one JSON value on stdin, the answer on stdout, like the course harnesses)::

    python -m evolutio.games.northstar.cs4500 xstep < 0067-2657-1-in.json
    python -m evolutio.games.northstar.cs4500 --check ../shared/conformance/cs4500   # run every case
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from evolutio.kernel import EvolutioError, load_game

from .cards import B_CARN, B_FAT, COURSE_NAME, TRAIT_INDEX
from .config import BODY, CARDS, FAT, FEED, FOOD, FOOD_, HELD, OVER, PLAY, POP, REPLACE
from .silly import silly_action, silly_feeding
from .state import NorthstarState

HARNESSES = ("xattack", "xfeed", "xfeed-hw6", "xstep", "xstep-hw8", "xstep4", "xsilly")
#: SPEC §7: the one case whose expected output disagrees with the course rules (and with its own xfeed version)
KNOWN_MISMATCHES = {("xfeed-hw6", "2598-8949-1"):
                    "SPEC §7: the hw6 expected output is empty, but the silly strategy answers false (and the "
                    "assignment-7 copy xfeed/2598-8949-1 of the same input expects false)"}

COURSE_TRAIT_NAMES = frozenset(COURSE_NAME.values())


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
        "game": "northstar",
        "options": {"variant": "cs4500", "players": min(max(len(players), 2), 6)},
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


def load(sc: dict[str, Any]) -> NorthstarState:
    game = load_game("northstar", **sc["options"])
    return game.state_from_scenario(sc)


# ------------------------------------------------------------------------------------------- back to course JSON
def card_json(st: NorthstarState, c: int) -> list:
    return [st.cfg.cfood[c], COURSE_NAME[st.cfg.ctrait[c]]]


def species_json(st: NorthstarState, sp: list) -> list:
    out = [["food", sp[FOOD_]], ["body", sp[BODY]], ["population", sp[POP]],
           ["traits", [COURSE_NAME[st.cfg.ctrait[c]] for c in sp[CARDS]]]]
    if sp[4] & B_FAT and sp[FAT] > 0:
        out.append(["fat-food", sp[FAT]])
    return out


def player_json(st: NorthstarState, p: int, pid: int, with_cards: bool = True) -> list:
    out = [["id", pid], ["species", [species_json(st, sp) for sp in st.boards[p]]], ["bag", st.bags[p]]]
    if with_cards and st.hands[p]:
        out.append(["cards", [card_json(st, c) for c in st.hands[p]]])
    return out


def configuration_json(st: NorthstarState, ids: list[int]) -> list:
    return [[player_json(st, p, ids[p]) for p in range(st.cfg.n)], st.wh, [card_json(st, c) for c in st.deck[::-1]]]


# ------------------------------------------------------------------------------------------------- harnesses
def xattack(inp: Any) -> Any:
    if not (isinstance(inp, list) and len(inp) == 4):
        raise CourseError("a Situation is [defender, attacker, left, right]")
    d = parse_species(inp[0], "defender")
    a = parse_species(inp[1], "attacker")
    left = None if inp[2] is False else parse_species(inp[2], "left neighbour")
    right = None if inp[3] is False else parse_species(inp[3], "right neighbour")
    row = ([left] if left else []) + [d] + ([right] if right else [])
    di = 1 if left else 0
    st = load(scenario([{"species": row, "bag": 0}, {"species": [a], "bag": 0}], 0, [], "feeding"))
    if not st.boards[1][0][4] & B_CARN:
        return False
    return st.blockers(1, 0, 0, di) == 0


def _feeding_state(inp: Any, max_traits: int) -> tuple[NorthstarState, list[dict]]:
    if not (isinstance(inp, list) and len(inp) == 3 and isinstance(inp[2], list)):
        raise CourseError("a Feeding is [player, watering-hole, opponents]")
    me = parse_player(inp[0], "player", cards=False, max_traits=max_traits)
    wh = _nat(inp[1], "watering hole", 1)
    opps = [parse_player(o, f"opponent {i}", cards=False, max_traits=max_traits) for i, o in enumerate(inp[2])]
    players = [me] + opps
    return load(scenario(players, wh, [], "feeding")), players


def xfeed(inp: Any, value_form: bool = False) -> Any:
    st, players = _feeding_state(inp, 4 if value_form else 3)
    a = silly_feeding(st, 0)
    if a is None:
        return None  # precondition violated: print nothing
    if a.kind == "pass":
        return False
    if a.kind == "feed":
        s = a.args[0]
        return species_json(st, st.boards[0][s]) if value_form else s
    if a.kind == "store_fat":
        s = a.args[0]
        sp = st.boards[0][s]
        k = min(sp[BODY] - sp[FAT], st.wh)
        return [species_json(st, sp), k] if value_form else [s, k]
    s, tp, t = a.args
    if value_form:
        return [species_json(st, st.boards[0][s]), player_json(st, tp, players[tp]["id"], with_cards=False),
                species_json(st, st.boards[tp][t])]
    return [s, tp - 1, t]


def xstep(inp: Any) -> Any:
    players, wh, deck = parse_configuration(inp)
    ids = [p["id"] for p in players]
    st = load(scenario(players, wh, deck, "feeding", queue=list(range(len(players)))))
    if not st.is_terminal and st.phase == FEED and st.queue[:1] == [0] and st.current_player == 0:
        st.apply(silly_action(st))  # one feed1 by the first player
    return configuration_json(st, ids)


def _action4_to_actions(st: NorthstarState, p: int, hand: list[int], a4: Any) -> tuple[Any, list]:
    """SPEC §4 Action4 (hand indices before the action; new boards numbered after the existing ones) → the food
    card action and the play-turn actions in the course's fixed order BT, RT, GP, GB."""
    if not (isinstance(a4, list) and len(a4) == 5 and all(isinstance(x, list) for x in a4[1:])):
        raise CourseError("an Action4 is [food-card, [GP…], [GB…], [BT…], [RT…]]")
    cfg = st.cfg

    def card(i: Any) -> int:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(hand):
            raise CourseError(f"card index {i!r} outside the hand of {len(hand)}")
        return hand[i]

    food = cfg.one("food_card", card(a4[0]))
    nb = len(st.boards[p])
    acts = []
    for bi, bt in enumerate(a4[3]):
        if not (isinstance(bt, list) and 1 <= len(bt) <= 4):
            raise CourseError("a BT is [pay, trait-card…] with 1–4 card indices")
        acts.append(cfg.row("new_species", card(bt[0]), 2)[1])
        for t in bt[1:]:
            acts.append(cfg.row("trait", card(t), 24)[nb + bi])
    for rt in a4[4]:
        if not (isinstance(rt, list) and len(rt) == 3):
            raise CourseError("an RT is [board, trait-index, card]")
        b, i, c = rt
        acts.append(cfg.row("replace_trait", _nat(b, "RT board", 0, 23), 4)[_nat(i, "RT trait index", 0, 3)])
        acts.append(cfg.row("trait", card(c), 24)[b])
    for tag, lst, kind in (("population", a4[1], "grow_pop"), ("body", a4[2], "grow_body")):
        for g in lst:
            if isinstance(g, list) and len(g) == 3 and g[0] == tag:
                g = g[1:]
            if not (isinstance(g, list) and len(g) == 2):
                raise CourseError(f"a {tag} growth is [\"{tag}\", board, card]")
            acts.append(cfg.row(kind, card(g[1]), 24)[_nat(g[0], "growth board", 0, 23)])
    acts.append(cfg.END)
    return food, acts


def xstep4(inp: Any) -> Any:
    if not (isinstance(inp, list) and len(inp) == 2 and isinstance(inp[1], list)):
        raise CourseError("an xstep4 input is [Configuration, Step4]")
    players, wh, deck = parse_configuration(inp[0])
    if len(inp[1]) != len(players):
        raise CourseError("Step4 needs one Action4 per player")
    ids = [p["id"] for p in players]
    st = load(scenario(players, wh, deck, "select-food"))
    hands = [list(h) for h in st.hands]
    food: dict[int, Any] = {}
    play: dict[int, list] = {}
    for p, a4 in enumerate(inp[1]):
        food[p], play[p] = _action4_to_actions(st, p, hands[p], a4)
    while not st.is_terminal and st.phase in (FOOD, PLAY, REPLACE):
        p = st.current_player
        if st.phase == FOOD:
            st.apply(food[p])
        else:
            st.apply(play[p].pop(0))
    while not st.is_terminal:  # automatic feeding happened at the reveal; now the feeding cycle (§5.8)
        st.apply(silly_action(st))
    return configuration_json(st, ids)


def xsilly(inp: Any) -> Any:
    if not (isinstance(inp, list) and len(inp) == 3 and isinstance(inp[1], list) and isinstance(inp[2], list)):
        raise CourseError("a Choice is [player, boards before, boards after]")
    me = parse_player(inp[0], "chooser")
    before = [{"species": [parse_species(s, "board") for s in b], "bag": 0} for b in inp[1]]
    after = [{"species": [parse_species(s, "board") for s in b], "bag": 0} for b in inp[2]]
    seat = len(before)
    st = load(scenario(before + [me] + after, 0, [], "select-food", turn=seat))
    hand = list(st.hands[seat])
    nb = len(st.boards[seat])
    out_food = None
    gp: list = []
    gb: list = []
    bt: list = []
    rt: list = []
    replacing = None
    while not st.is_terminal and st.phase in (FOOD, PLAY, REPLACE) and st.current_player == seat:
        a = silly_action(st)
        k, x = a.kind, a.args
        if k == "food_card":
            out_food = hand.index(x[0])
        elif k == "new_species":
            bt.append([hand.index(x[0])])
        elif k == "trait" and st.phase == REPLACE:
            rt.append([replacing[0], replacing[1], hand.index(x[0])])
        elif k == "trait":
            bt[x[1] - nb].append(hand.index(x[0]))
        elif k == "replace_trait":
            replacing = x
        elif k == "grow_pop":
            gp.append(["population", x[1], hand.index(x[0])])
        elif k == "grow_body":
            gb.append(["body", x[1], hand.index(x[0])])
        st.apply(a)
        if k == "end_turn":
            break
    return [out_food, gp, gb, bt, rt]


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


def cases(root: str | Path) -> list[tuple[str, str, Path, Path]]:
    """Every (harness, case name, input path, expected-output path) under ``root``."""
    out = []
    root = Path(root)
    for h in HARNESSES:
        for f in sorted((root / h).glob("*-in.json")):
            name = f.name[: -len("-in.json")]
            out.append((h, name, f, f.with_name(name + "-out.json")))
    return out


def expected(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return None if not text.strip() else json.loads(text)


def check_all(root: str | Path) -> dict[str, list[int]]:
    """Run every case; returns {harness: [passed, total]} and the list of failures."""
    totals: dict[str, list[int]] = {}
    for h, name, fin, fout in cases(root):
        got = run_harness(h, json.loads(fin.read_text(encoding="utf-8")))
        ok = got == expected(fout)
        t = totals.setdefault(h, [0, 0])
        t[0] += ok
        t[1] += 1
        if not ok:
            note = KNOWN_MISMATCHES.get((h, name), "UNEXPECTED")
            print(f"{h}/{name}: mismatch ({note})", file=sys.stderr)
    return totals


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 2 and argv[0] == "--check":
        totals = check_all(argv[1])
        for h, (ok, n) in totals.items():
            print(f"{h:10} {ok}/{n}")
        return 0
    if len(argv) != 1 or argv[0] not in HARNESSES:
        print(f"usage: python -m evolutio.games.northstar.cs4500 {{{'|'.join(HARNESSES)}}} < input.json\n"
              f"       python -m evolutio.games.northstar.cs4500 --check DIR", file=sys.stderr)
        return 2
    try:
        inp = json.loads(sys.stdin.read())
    except json.JSONDecodeError:
        return 0
    out = run_harness(argv[0], inp)
    if out is not None:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""``evolutio scenario``: check a scenario file, or write the scenario of a recorded game's position.

``check FILE`` loads a scenario (every error names its JSON path), then draws the position as the terminal does and
lists who decides and what they may do. ``from-record RECORD --at N`` replays the record's first ``N`` decisions and
prints (or, with ``-o FILE``, writes) a scenario of that position, random generator included, so that the rest of the
recorded game plays on from it exactly: a bug report or a puzzle in one file.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console

from evolutio.cli.render import renderer_for
from evolutio.kernel import EvolutioError, load_record, load_scenario
from evolutio.kernel.record import apply_recorded, save_new_record, start_state
from evolutio.kernel.scenario import scenario_from_state

#: at most this many legal actions are listed by `scenario check`
LISTED_ACTIONS = 12


def cmd_check(ns: argparse.Namespace) -> int:
    state = load_scenario(ns.file)
    console = Console(highlight=False, soft_wrap=True)
    seat = state.current_player if ns.seat is None else ns.seat - 1
    if seat is not None and not 0 <= seat < state.num_players:
        raise EvolutioError(f"--seat: {state.game.name} has players 1..{state.num_players}, got {ns.seat}")
    console.print(f"{ns.file}: a valid {state.game.name} scenario ({state.num_players} players)")
    console.print(renderer_for(state.game.name)(state.view(seat), seat))
    if state.is_terminal:
        console.print("The game is over: " + ", ".join(
            f"Player {index + 1} {score}" for index, score in enumerate(state.scores())))
        return 0
    held = getattr(state, "held", None)
    if held is not None:
        console.print(f"Held at {held!r}: the only action is `resume`.")
    legal = state.legal_actions()
    console.print(f"Player {state.current_player + 1 if state.current_player is not None else '-'} decides; "
                  f"{len(legal)} legal action(s):")
    for action in legal[:LISTED_ACTIONS]:
        console.print(f"  {json.dumps(action.to_json())}  {state.describe(action)}", markup=False)
    if len(legal) > LISTED_ACTIONS:
        console.print(f"  … and {len(legal) - LISTED_ACTIONS} more")
    return 0


def cmd_from_record(ns: argparse.Namespace) -> int:
    record = load_record(ns.record)
    actions = record["actions"]
    if not 0 <= ns.at <= len(actions):
        raise EvolutioError(f"--at: the record has {len(actions)} decisions; give 0..{len(actions)}, got {ns.at}")
    state = apply_recorded(start_state(record), actions[: ns.at], f"record {ns.record}")
    scenario: dict[str, Any] = scenario_from_state(state)
    scenario["comment"] = f"position after {ns.at} decision(s) of {ns.record}"
    if ns.output is None:
        print(json.dumps(scenario, ensure_ascii=False))
        return 0
    written = save_new_record(scenario, ns.output)
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"scenario written to {written}")
    return 0


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("scenario", help="check a scenario file, or write one from a recorded game's position")
    actions = parser.add_subparsers(dest="scenario_command", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="validate a scenario and draw its position")
    check.add_argument("file", help="scenario file (JSON)")
    check.add_argument("--seat", type=int, metavar="N", help="draw the position as player N sees it (default: the "
                                                              "player who decides)")
    check.set_defaults(func=cmd_check)
    from_record = actions.add_parser("from-record", help="the scenario of a recorded game's position after N "
                                                         "decisions (random generator included)")
    from_record.add_argument("record", help="game record (JSON)")
    from_record.add_argument("--at", type=int, required=True, metavar="N", help="number of decisions to replay")
    from_record.add_argument("-o", "--output", metavar="FILE",
                             help="write the scenario here (a new name if FILE exists) instead of printing it")
    from_record.set_defaults(func=cmd_from_record)

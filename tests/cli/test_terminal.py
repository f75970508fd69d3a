"""Terminal play as a newcomer meets it (issue 14): who is seated, the 80×24 screen, help, why, log, undo, the pass
confirmation, hot-seat hand-over, records that are never lost, Ctrl-C and --resume, replay --step, --version."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from evolutio.cli import main as cli_main
from evolutio.cli.main import main
from evolutio.cli.menu import build_menu
from evolutio.cli.play import Decision, TableSession, is_phase_pass, play_terminal, revealed_since
from evolutio.cli.render import renderer_for
from evolutio.kernel import Action, game_class, load_game, load_record, make_record
from evolutio.kernel.record import save_new_record

from ..conftest import GAMES

SCREEN_WIDTH, SCREEN_HEIGHT = 80, 24


def players_for(name: str, wanted: int) -> int:
    """``wanted`` players, or the nearest count the ruleset accepts (e.g. a 3–5 player game asked for 2 gets 3)."""
    ruleset = game_class(name)
    return min(max(wanted, ruleset.min_players), ruleset.max_players)


def one_person_and_bots(name: str, wanted: int) -> list[str]:
    """Player 1 a person, the others random bots, at the count :func:`players_for` gives."""
    return ["human"] + ["random"] * (players_for(name, wanted) - 1)


def scripted_console(answers: Iterable[str], *, height: int = SCREEN_HEIGHT) -> Console:
    """A console of 80×24 whose ``input`` returns ``answers`` one by one, then raises EOFError (end of input)."""
    console = Console(file=io.StringIO(), width=SCREEN_WIDTH, height=height, highlight=False, color_system=None)
    feed = iter(answers)

    def answer(prompt: str = "") -> str:
        console.print(prompt, end="")
        try:
            line = next(feed)
        except StopIteration:
            raise EOFError from None
        console.print(line)
        return line

    console.input = answer  # type: ignore[method-assign]
    return console


def output(console: Console) -> str:
    return console.file.getvalue()  # type: ignore[attr-defined]


def session(game_name: str, kinds: list[str], seed: int, tmp_path: Path, answers: Iterable[str],
            **options) -> TableSession:
    game = load_game(game_name, players=len(kinds), **options)
    return TableSession(game, seed, kinds, lambda: game.new_state(seed), tmp_path, scripted_console(answers))


# -- 1. a person is seated unless --watch -----------------------------------------------------------------------
def test_a_person_is_seated_unless_watch(tmp_path, monkeypatch):
    seen: list[list[str]] = []
    monkeypatch.setattr(cli_main, "play_terminal", lambda game, seed, kinds, **_: seen.append(list(kinds)) or 0)
    assert main(["play", "origin", "--players", "3", "--seed", "7", "--records", str(tmp_path)]) == 0
    assert main(["play", "origin", "--players", "3", "--seat", "1=random", "--records", str(tmp_path)]) == 0
    assert main(["play", "origin", "--players", "3", "--watch", "--records", str(tmp_path)]) == 0
    assert main(["play", "origin", "--players", "2", "--seat", "2=human", "--records", str(tmp_path)]) == 0
    assert seen == [["human", "random", "random"], ["random", "human", "random"], ["random"] * 3,
                    ["random", "human"]]


# -- 2. the screen ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_decision_screen_of_a_3_player_game_fits_80_by_24(tmp_path, name):
    """Play a whole 3-player game (or the nearest count the ruleset accepts) choosing the last menu entry: every
    screen (board, news, menu and the prompt line) fits in 80 columns and in 24 lines; the news gives way first (only
    when board and menu alone need more than the screen does it overflow, and then it shows no event, only the line
    that points to `log`)."""
    table = session(name, one_person_and_bots(name, 3), 3, tmp_path, [])
    screens = overflows = 0
    while not table.state.is_terminal:
        player = table.state.current_player
        if player != 0:
            table.state.apply(table.bots[player].choose(table.state))
            continue
        table.console.file = io.StringIO()
        menu = table.show_screen(player)
        text = output(table.console)
        lines = text.splitlines()
        event_lines = sum(line.startswith("· ") for line in lines)
        assert len(lines) + 1 <= SCREEN_HEIGHT or event_lines == 0, text
        overflows += len(lines) + 1 > SCREEN_HEIGHT
        assert max(len(line) for line in lines) <= SCREEN_WIDTH, text
        table.state.apply(menu.actions[-1])
        screens += 1
    assert screens > 5 and overflows <= screens // 4, (overflows, screens)


def test_the_menu_groups_actions_by_kind_and_numbers_them_in_order():
    state = load_game("origin", players=2).new_state(7)
    legal = state.legal_actions()
    menu = build_menu(legal, {a: state.describe(a) for a in legal})
    assert sorted(menu.actions) == sorted(legal) and len(menu.actions) == len(legal)
    kinds = [group.kind for group in menu.groups]
    assert len(kinds) == len(set(kinds)) == len({a.kind for a in legal})
    numbers = [number for group in menu.groups for number, _ in group.entries]
    assert numbers == list(range(1, len(legal) + 1))
    for group in menu.groups:
        assert all(menu.actions[number - 1].kind == group.kind for number, _ in group.entries)
    assert len(menu.lines()) < len(legal)  # grouped: fewer lines than actions


def test_help_legend_why_and_full_log(tmp_path):
    answers = ["?", "why take 0", "why 1", "why 99", "why attack", "log", "q"]
    table = session("origin", ["human", "random"], 7, tmp_path, answers)
    assert table.loop() is True
    text = output(table.console)
    assert "undo" in text and "legend" in text and "animal number 7" in text  # help + the ruleset's legend
    help_part = text[text.index("  NUMBER      choose"):text.index("why take 0")]
    assert len(help_part.splitlines()) <= SCREEN_HEIGHT and max(map(len, help_part.splitlines())) <= SCREEN_WIDTH
    assert "it is the development phase" in text  # why take 0
    assert "1 is available: pass" in text
    assert "there is no choice 99" in text
    assert "attack is written `attack carnivore`" in text
    assert "the whole log" in text and "draws" in text


def test_the_news_is_never_silently_cut(tmp_path):
    """With more events than fit, the screen says how many earlier ones `log` shows."""
    table = session("origin", ["human", "random", "random", "random"], 2, tmp_path, [], )
    table.console.height = 12
    for _ in range(40):
        player = table.state.current_player
        if player == 0:
            break
        table.state.apply(table.bots[player].choose(table.state))
    table.show_screen(0)
    assert "earlier: type log" in output(table.console)


@pytest.mark.parametrize("name", GAMES)
def test_the_end_shows_final_events_and_a_score_breakdown_per_player(tmp_path, name):
    players = players_for(name, 3)
    game = load_game(name, players=players)
    console = scripted_console([])
    assert play_terminal(game, 5, ["random"] * players, records_dir=tmp_path, console=console) == 0
    text = output(console)
    assert "game over" in text
    assert "· game over:" in text  # the game's own end-of-game event
    assert text.count(" points = ") == players  # one breakdown per player
    assert "final scores" in text and "winner" in text


# -- 3. undo and the pass confirmation ---------------------------------------------------------------------------
def _first_action(state, kind):
    """The first legal action of ``kind``, else the first legal action."""
    legal = state.legal_actions()
    return next((a for a in legal if a.kind == kind), legal[0])


def test_undo_goes_back_when_nothing_hidden_was_revealed(tmp_path):
    # 2 players, seed 7: player 2 answers a new animal with a new animal of its own (nothing of its hand is shown)
    table = session("origin", ["human", "random"], 7, tmp_path, ["2", "undo", "q"])
    table.bots[1].choose = lambda state: _first_action(state, "animal")  # type: ignore[method-assign]
    assert table.loop() is True
    text = output(table.console)
    assert "undone: back to before your last decision (2 action(s) taken back)" in text
    assert table.state.num_actions_applied == 0


def test_undo_is_refused_once_hidden_information_was_revealed(tmp_path):
    # the bot plays a trait from its hand: that card was hidden from player 1
    table = session("origin", ["human", "random"], 7, tmp_path, ["2", "undo", "q"])
    table.bots[1].choose = lambda state: _first_action(state, "trait")  # type: ignore[method-assign]
    table.loop()
    assert "cannot undo: hidden information was revealed since" in output(table.console)
    assert table.state.num_actions_applied >= 2


def test_revealed_since_sees_dice_and_draws_but_not_public_moves():
    state = load_game("origin", players=2).new_state(7)
    play = _first_action(state, "animal")
    assert revealed_since(state, [play], state.current_player) is None
    # the rest of a development phase ending in passes rolls the food dice: hidden until rolled
    game_state = state.clone()
    actions = []
    while game_state.view(None)["phase"] == "development":
        action = _first_action(game_state, "pass")
        actions.append(action)
        game_state.apply(action)
    assert revealed_since(state, actions, 0) is not None


def test_passing_for_the_rest_of_the_phase_asks_first(tmp_path):
    table = session("origin", ["human", "random"], 7, tmp_path, ["1", "n", "1", "y", "q"])
    assert table.loop() is True
    text = output(table.console)
    assert text.count("pass (play no more cards this phase): you will not play again in this phase.") == 2
    assert text.count("sure? (y/N)") == 2
    assert Action("pass") in table.state.history
    assert table.state.history.count(Action("pass")) >= 1


# -- 4. hot-seat ------------------------------------------------------------------------------------------------
def test_hot_seat_hands_the_keyboard_over_before_showing_a_hand(tmp_path):
    table = session("origin", ["human", "human"], 7, tmp_path, ["", "2", "", "q"])
    table.loop()
    text = output(table.console)
    first, second = text.split("Player 2 to play. Press Enter", 1)
    assert "Player 1 to play. Press Enter" in first
    # player 2's hand appears only after the hand-over, player 1's hand never after it
    assert "Player 2 (you)" not in first and "Player 2 (you)" in second
    assert "Player 1 (you)" not in second


# -- 5. input errors are one line; records are never lost ---------------------------------------------------------
@pytest.mark.parametrize(
    "argv_tail, message",
    [
        (["--records", "README.md"], "records folder README.md: exists and is not a folder"),
        (["--records", "/proc/nope"], "records folder /proc/nope: cannot write there"),
    ],
)
def test_unwritable_records_folder_is_refused_before_the_game(capsys, monkeypatch, argv_tail, message):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    assert main(["play", "origin", "--watch", "--seed", "1", *argv_tail]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_non_utf8_record_and_binary_deck_file_are_one_line_errors(tmp_path, capsys):
    binary = tmp_path / "blob.json"
    binary.write_bytes(b"\xff\xfe\x00\x01binary")
    assert main(["replay", str(binary)]) == 2
    err = capsys.readouterr().err
    assert "is not a UTF-8 text file" in err and len(err.strip().splitlines()) == 1
    assert main(["simulate", "northstar", "-o", f"deck_file={binary}", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "is not a UTF-8 text file" in err and len(err.strip().splitlines()) == 1


def test_a_record_never_overwrites_a_file(tmp_path):
    existing = tmp_path / "origin-3.json"
    existing.write_text("my notes\n")
    game = load_game("origin", players=2)
    assert play_terminal(game, 3, ["random"] * 2, records_dir=tmp_path, console=scripted_console([])) == 0
    assert existing.read_text() == "my notes\n"
    assert load_record(tmp_path / "origin-3-2.json")["final"]["terminal"] is True
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]  # no temporary file left behind


# -- 6. Ctrl-C and --resume ---------------------------------------------------------------------------------------
def test_ctrl_c_saves_and_resume_continues_the_same_game(tmp_path, capsys, monkeypatch):
    game = load_game("origin", players=2)
    console = scripted_console([])
    answers = iter(["2"])

    def answer_then_ctrl_c(prompt: str = "") -> str:
        for line in answers:
            return line
        raise KeyboardInterrupt

    console.input = answer_then_ctrl_c  # type: ignore[method-assign]
    assert play_terminal(game, 11, ["human", "random"], records_dir=tmp_path, console=console) == 130
    text = output(console)
    assert "interrupted: the game so far is saved in" in text
    assert "continue it with: evolutio play --resume" in text
    saved = tmp_path / "origin-11.json"
    record = load_record(saved)
    assert record["final"]["terminal"] is False and len(record["actions"]) >= 1
    # resume with everybody answering the first choice, then confirming a pass when asked
    monkeypatch.setattr(cli_main, "_console", lambda: scripted_console(["1", "y"] * 2000, height=60))
    assert main(["play", "--resume", str(saved)]) == 0
    resumed = load_record(tmp_path / "origin-11-2.json")
    assert resumed["actions"][: len(record["actions"])] == record["actions"]
    assert resumed["final"]["terminal"] is True and resumed["seed"] == 11


def test_resume_refuses_a_finished_game_and_conflicting_flags(tmp_path, capsys):
    state = load_game("origin", players=2).new_state(1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    path = save_new_record(make_record(state, players=["random", "random"]), tmp_path / "done.json")
    assert main(["play", "--resume", str(path)]) == 2
    assert "that game is over" in capsys.readouterr().err
    assert main(["play", "--resume", str(path), "--seed", "3"]) == 2
    assert "--seed cannot be combined with --resume" in capsys.readouterr().err
    assert main(["play", "northstar", "--resume", str(path)]) == 2
    assert "is a origin game, not northstar" in capsys.readouterr().err


# -- 10 and 11: --version, replay --step ------------------------------------------------------------------------
def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.startswith("evolutio 0.")


@pytest.mark.parametrize("name", GAMES)
def test_replay_step_walks_decision_by_decision(tmp_path, capsys, monkeypatch, name):
    players = players_for(name, 2)
    state = load_game(name, players=players).new_state(4)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    path = save_new_record(make_record(state, players=["random"] * players), tmp_path / "r.json")
    console = scripted_console(["", "", "3"])
    monkeypatch.setattr(cli_main, "_console", lambda: console)
    assert main(["replay", str(path), "--step"]) == 0
    text = output(console)
    assert "decision 1 of 6" in text and "decision 2 of 6" in text and "decision 3 of 6" in text
    assert "decision 4 of 6" not in text and "decision 6 of 6" in text  # "3" jumped ahead three decisions
    assert "end of the record; 6 decisions, final position verified" in text
    assert re.search(r"Player \d+:", text)  # who decided, in words


def test_a_menu_too_long_for_the_screen_is_folded_by_kind(tmp_path):
    """A northstar play turn with a big hand has dozens of actions: one line per kind, a letter lists the choices."""
    table = session("northstar", ["human", "random"], 3, tmp_path, [], )
    while True:
        player = table.state.current_player
        legal = table.state.legal_actions()
        if player == 0 and len(legal) > 30:
            break
        # everyone ends the play turn at once, so hands grow
        table.state.apply(next((a for a in legal if a.kind == "end_turn"), legal[-1]))
    menu = table.show_screen(0)
    text = output(table.console)
    assert len(text.splitlines()) + 1 <= SCREEN_HEIGHT, text
    assert "a) " in text and " choices, 1–" in text
    table.console = scripted_console(["a", "q"])
    table.human_turn(0)
    listed = output(table.console)
    first_group = menu.groups[0]
    for number, label in first_group.entries:
        assert f"{number} {label}" in listed


def test_one_word_for_the_people_at_the_table(capsys):
    """Prose says "player"; "seat" survives only in the --seat flag (flags and JSON keys are unchanged)."""
    texts = []
    for argv in ([], ["games"], ["play"], ["simulate"], ["bench"], ["replay"]):
        with pytest.raises(SystemExit):
            main([*argv, "--help"])
        texts.append(capsys.readouterr().out)
    for name in GAMES:
        state = load_game(name, players=players_for(name, 3)).new_state(1)
        console = scripted_console([])
        console.print(renderer_for(name)(state.view(0), 0))
        texts.append(output(console))
    docs = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
    texts.append(docs.read_text(encoding="utf-8"))
    for text in texts:
        prose = re.sub(r"--seat|N=WHO|`[^`]*`|\"seats?\"", "", text)
        assert not re.search(r"\bseats?\b", prose, re.IGNORECASE), prose[:3000]


@pytest.mark.parametrize("argv", [["play", "origin", "--seed", "x"], ["plya"], ["bench", "--seconds", "fast"]])
def test_a_mistyped_command_line_is_one_line_too(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: evolutio") and len(err.strip().splitlines()) == 1 and "--help" in err


def test_the_docs_install_command_works_from_a_clone():
    """A clone installs itself with `pip install -e ".[rl]"`; "evolutio[rl]" names a package index entry."""
    root = Path(__file__).resolve().parents[2]
    interop = (root / "docs" / "interop.md").read_text(encoding="utf-8")
    assert 'pip install -e ".[rl]"' in interop
    assert not re.search(r"pip install [\"']?evolutio", interop)
    assert "--seat 1=human" not in (root / "scripts" / "play.sh").read_text(encoding="utf-8")  # seated anyway


@pytest.mark.parametrize("name", GAMES)
def test_an_accepted_undo_restores_the_exact_earlier_position(tmp_path, name):
    """Whole games where player 1 tries `undo` after every decision: an accepted undo gives back the position of
    just before that decision (same digest, same view); a refused one changes nothing."""
    table = session(name, one_person_and_bots(name, 3), 9, tmp_path, [])
    accepted = refused = 0
    step = 0
    while not table.state.is_terminal:
        player = table.state.current_player
        if player != 0:
            table.state.apply(table.bots[player].choose(table.state))
            continue
        legal = table.state.legal_actions()
        before_digest, before_view = table.state.digest(), table.state.view(0)
        table.decisions.append(Decision(0, table.state.num_actions_applied))
        table.state.apply(legal[step % len(legal)])
        step += 1
        while not table.state.is_terminal and table.state.current_player != 0:
            table.state.apply(table.bots[table.state.current_player].choose(table.state))
        after_digest = table.state.digest()
        if step % 2 == 0:
            continue
        if table.undo(0) is None:
            accepted += 1
            assert table.state.digest() == before_digest and table.state.view(0) == before_view
            table.state.apply(legal[(step + 1) % len(legal)])  # decide otherwise this time
        else:
            refused += 1
            assert table.state.digest() == after_digest
    assert accepted > 0 and refused > 0, (accepted, refused)


def test_only_a_pass_for_the_rest_of_the_phase_asks_for_confirmation():
    assert is_phase_pass(Action("pass"), "pass (play no more cards this phase)")
    assert is_phase_pass(Action("pass"), "pass")
    assert not is_phase_pass(Action("pass"), "end your feeding turn")
    assert not is_phase_pass(Action("pass"), "do not use Intelligence now")
    assert not is_phase_pass(Action("end_turn"), "end your play turn")

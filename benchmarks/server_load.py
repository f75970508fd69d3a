"""Load on `evolutio serve` over loopback: many tables of bots and scripted people at once.

    python benchmarks/server_load.py                      # 100 tables, SQLite in a temporary directory
    python benchmarks/server_load.py --tables 40 --game northstar --db postgresql+psycopg://postgres@127.0.0.1/test

The server runs as its own process (``evolutio serve --bot-delay 0``). The load generator — this script, on the SAME
machine, sharing its cores with the server — creates the tables, then plays every human seat as a scripted client:
it listens on the seat's WebSocket and, whenever a push says the seat decides, POSTs a seeded random legal action.
Bots play server-side.

Reported:
- actions/s: every action committed during the run (bots' included) over the run's wall time, counted in the
  database afterwards;
- human (HTTP) latency: the round trip of each POST .../actions as the client measured it (acknowledged = committed);
- bot latency: for each bot action, the time from the commit of the previous action to the commit of the bot's
  (``created_at`` of consecutive rows): the bot job's scheduling, thinking and commit.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from sqlalchemy import create_engine, text

START_ATTEMPTS = 400
LOOPBACK = "127.0.0.1"
#: the server under cProfile, timed by the event loop thread's own CPU time (not the wall clock, which would count
#: waiting for the other processes on the machine; bots think on other threads, which cProfile does not follow)
PROFILED_SERVER = """
import cProfile, sys, time
from evolutio.cli.main import main
profile = cProfile.Profile(time.thread_time)
output, sys.argv[1:] = sys.argv[1], sys.argv[2:]
try:
    profile.runcall(main, sys.argv[1:])
finally:
    profile.dump_stats(output)
"""
#: the server with a sampling thread: every SAMPLE_SECONDS it notes the event loop thread's stack (sys._current_frames),
#: and at exit writes the stacks seen with their counts, one "frame;frame;... count" line each (the collapsed format
#: of flamegraph.pl and speedscope, as py-spy writes it). Unlike cProfile it does not slow each call, so many small
#: calls are not over-weighted; a sample lands where the loop thread lets go of the interpreter (every switch
#: interval while it computes, or while it waits in epoll — shown as the loop's select).
SAMPLED_SERVER = """
import collections, sys, threading, time
from evolutio.cli.main import main
output, period, sys.argv[1:] = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
loop_thread = threading.main_thread().ident
counts = collections.Counter()
done = threading.Event()
def sample():
    while not done.wait(period):
        frame = sys._current_frames().get(loop_thread)
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{code.co_name} ({code.co_filename.rsplit('/site-packages/', 1)[-1]}:{code.co_firstlineno})")
            frame = frame.f_back
        counts[";".join(reversed(names))] += 1
threading.Thread(target=sample, daemon=True).start()
try:
    main(sys.argv[1:])
finally:
    done.set()
    with open(output, "w") as file:
        file.writelines(f"{stack} {count}\\n" for stack, count in counts.most_common())
"""
SAMPLE_SECONDS = 0.002
START_PAUSE_SECONDS = 0.05
PERCENTILES = (50, 99)
EXAMPLE = "example: python benchmarks/server_load.py --tables 40 --game northstar --think-ms 100"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


async def wait_until_up(http: httpx.AsyncClient, server: subprocess.Popen[bytes]) -> None:
    for _ in range(START_ATTEMPTS):
        if server.poll() is not None:
            raise SystemExit("the server exited while starting")
        try:
            if (await http.get("/api/games")).status_code == 200:
                return
        except httpx.TransportError:
            await asyncio.sleep(START_PAUSE_SECONDS)
    raise SystemExit("the server did not start")


TRANSPORT_RETRIES = 3


async def send(http: httpx.AsyncClient, method: str, url: str, problems: list[str], **kwargs: Any) -> httpx.Response:
    """One request, sent again when the connection broke (an idle keep-alive connection the server closed): safe for
    actions too, since an action names its turn and a repeat is refused with 409."""
    for attempt in range(TRANSPORT_RETRIES):
        try:
            return await http.request(method, url, **kwargs)
        except httpx.TransportError as exc:
            problems.append(f"transport error ({type(exc).__name__}), sent again")
            if attempt == TRANSPORT_RETRIES - 1:
                raise
    raise AssertionError("unreachable")


class Connection:
    """One kept-alive HTTP/1.1 connection, as lean as a load generator can make it (httpx costs the generator more CPU
    per request than the server spends on it). Answers are read by Content-Length, which the server always sends; a
    connection the server closed (idle keep-alive) is opened again and the request sent again — safe for actions too,
    since an action names its turn and a repeat is refused with 409."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, token: str, body: Any, problems: list[str]) -> tuple[int, bytes]:
        payload = orjson.dumps(body)
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n").encode()
        for attempt in range(TRANSPORT_RETRIES):
            try:
                if self.streams is None:
                    self.streams = await asyncio.open_connection(self.host, self.port)
                reader, writer = self.streams
                writer.write(head + payload)
                status_line = await reader.readuntil(b"\r\n")
                headers = await reader.readuntil(b"\r\n\r\n")
                length = next(int(line.split(b":", 1)[1]) for line in headers.split(b"\r\n")
                              if line.lower().startswith(b"content-length:"))
                return int(status_line.split(b" ", 2)[1]), await reader.readexactly(length)
            except (OSError, asyncio.IncompleteReadError) as exc:
                problems.append(f"transport error ({type(exc).__name__}), sent again")
                self.close()
                if attempt == TRANSPORT_RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def play_seat(host: str, port: int, table: str, seat: int, token: str, seed: int,
                    latencies: list[float], refusals: list[str], resent: list[str], think_ms: float = 0.0) -> None:
    """Play one human seat: listen on its socket, and POST a seeded random legal action whenever it decides (after a
    seeded thinking time, uniform in 0 .. 2 × ``think_ms``, when one is given). Like the browser client, an action asks
    only for the log entries after those the seat holds (``?events_from=``)."""
    chooser = random.Random(seed)
    http = Connection(host, port)
    try:
        async with websockets.connect(f"ws://{host}:{port}/api/tables/{table}/ws?token={token}",
                                      max_size=None, compression=None) as socket_:
            while True:
                state = orjson.loads(await socket_.recv())
                if state["finished"]:
                    return
                held = state["events_from"] + len(state["events"])
                if state["current_player"] != seat or not state["legal"]:
                    continue
                action = chooser.choice(state["legal"])["action"]
                if think_ms:
                    await asyncio.sleep(chooser.uniform(0.0, 2.0 * think_ms) / 1000.0)
                started = time.perf_counter()
                status, body = await http.request("POST", f"/api/tables/{table}/actions?events_from={held}", token,
                                                  {"action": action, "turn": state["turn"]}, resent)
                latencies.append(time.perf_counter() - started)
                answer = orjson.loads(body)
                if status != 200:
                    refusals.append(f"{status} {answer.get('detail')}")
                elif answer["finished"]:
                    return
    finally:
        http.close()


async def run(args: argparse.Namespace, host: str, port: int, server: subprocess.Popen[bytes]) -> dict[str, Any]:
    """Create the tables (httpx), then play every human seat at once (lean connections, see :class:`Connection`)."""
    limits = httpx.Limits(max_connections=args.connections, max_keepalive_connections=args.connections)
    async with httpx.AsyncClient(base_url=f"http://{host}:{port}", timeout=120, limits=limits) as http:
        await wait_until_up(http, server)
        seats = ["human"] * args.humans + [f"bot:{args.bot}"] * (args.players - args.humans)
        created = []
        for index in range(args.tables):
            response = await http.post("/api/tables", json={"game": args.game, "seats": seats, "seed": index})
            response.raise_for_status()
            created.append(response.json())
        latencies: list[float] = []
        refusals: list[str] = []
        resent: list[str] = []
        # the load generator's own garbage collections would be counted as server latency: none during the run
        gc.collect()
        gc.disable()
        started = time.perf_counter()
        server_cpu_before = cpu_seconds(server.pid)
        own_cpu_before = time.process_time()
        await asyncio.gather(*[
            play_seat(host, port, table["table"], seat["seat"], seat["token"], 1000 * index + seat["seat"],
                      latencies, refusals, resent, args.think_ms)
            for index, table in enumerate(created) for seat in table["seats"] if seat["token"]
        ])
        # the last table may still have bots finishing after its people are done
        for table in created:
            while not (await send(http, "GET", f"/api/tables/{table['table']}", resent)).json()["finished"]:
                await asyncio.sleep(START_PAUSE_SECONDS)
        wall = time.perf_counter() - started
        gc.enable()
        server_cpu = cpu_seconds(server.pid) - server_cpu_before
        own_cpu = time.process_time() - own_cpu_before
    return {"wall": wall, "human_latencies": latencies, "refusals": refusals, "resent": resent,
            "server_cpu": server_cpu, "generator_cpu": own_cpu,
            "table_ids": [table["table"] for table in created]}


def bot_latencies(db_url: str, table_ids: list[str]) -> tuple[int, int, list[float]]:
    engine = create_engine(db_url)
    humans = bots = 0
    latencies: list[float] = []
    with engine.connect() as connection:
        seat_kinds = {(row.table_id, row.seat): row.kind for row in connection.execute(
            text("SELECT table_id, seat, kind FROM seats"))}
        rows = connection.execute(text("SELECT table_id, turn, seat, created_at FROM actions ORDER BY table_id, turn"))
        previous: dict[str, Any] = {}
        wanted = set(table_ids)
        for row in rows:
            if row.table_id not in wanted:
                continue
            stamp = row.created_at if not isinstance(row.created_at, str) else datetime.fromisoformat(row.created_at)
            is_bot = seat_kinds[(row.table_id, row.seat)].startswith("bot:")
            if is_bot:
                bots += 1
                if row.table_id in previous:
                    latencies.append((stamp - previous[row.table_id]).total_seconds())
            else:
                humans += 1
            previous[row.table_id] = stamp
    engine.dispose()
    return humans, bots, latencies


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse what the server would refuse only after starting, with argparse's one-line error. The rulesets and bots
    are those of the tree the server runs from (the same PYTHONPATH)."""
    from evolutio.bots import make_bot
    from evolutio.kernel import UnknownGame, game_class

    try:
        rules = game_class(args.game)
    except UnknownGame as error:
        parser.error(str(error))
    if not rules.min_players <= args.players <= rules.max_players:
        parser.error(f"{args.game} takes {rules.min_players} to {rules.max_players} players, got {args.players}")
    if not 0 <= args.humans <= args.players:
        parser.error(f"--humans must be 0 to --players ({args.players}), got {args.humans}")
    if args.humans < args.players:
        try:
            make_bot(args.bot)
        except ValueError as error:
            parser.error(str(error))
    if args.tables < 1 or args.connections < 1:
        parser.error(f"--tables and --connections must be at least 1, got {args.tables} and {args.connections}")
    if args.think_ms < 0:
        parser.error(f"--think-ms must be 0 or more, got {args.think_ms:g}")
    if args.py_spy and shutil.which("py-spy") is None:
        parser.error("--py-spy: no py-spy on the PATH")


def main() -> int:
    parser = argparse.ArgumentParser(prog="server_load.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="tables played at once (default 100)")
    parser.add_argument("--game", default="origin", help="the ruleset (default origin)")
    parser.add_argument("--players", type=int, default=4, help="seats per table (default 4)")
    parser.add_argument("--humans", type=int, default=2, help="scripted people per table (the rest are bots)")
    parser.add_argument("--bot", default="random", help="the bots' name (default random)")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="mean thinking time of a scripted person before each action, in ms (uniform 0 .. 2 × "
                             "this; default 0: act at once, the closed loop that measures the most actions/s)")
    parser.add_argument("--connections", type=int, default=100, help="HTTP connections of the load generator")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--py-spy", metavar="FILE", default=None,
                        help="sample the server with py-spy during the run; its collapsed stacks go to FILE "
                             "(input for flamegraph.pl or speedscope)")
    parser.add_argument("--sample", metavar="FILE", default=None,
                        help="sample the server's event loop thread every 2 ms and write its stacks to FILE in the "
                             "collapsed format (no py-spy needed; see SAMPLED_SERVER)")
    parser.add_argument("--cprofile", metavar="FILE", default=None,
                        help="run the server under cProfile and write its statistics to FILE (read them with "
                             "python -m pstats FILE); profiling slows the server, so its figures are not comparable")
    args = parser.parse_args()
    check_arguments(parser, args)
    load_at_start = os.getloadavg()
    directory = tempfile.mkdtemp(prefix="evolutio-load-")
    db_url = args.db or f"sqlite:///{Path(directory) / 'load.sqlite3'}"
    port = free_port()
    command = ["-m", "evolutio.cli.main"]
    if args.cprofile:
        command = ["-c", PROFILED_SERVER, args.cprofile]
    elif args.sample:
        command = ["-c", SAMPLED_SERVER, args.sample, str(SAMPLE_SECONDS)]
    server = subprocess.Popen([sys.executable, *command, "serve", "--port", str(port),
                               "--db", db_url, "--bot-delay", "0", "--log-level", "warning"])
    profiler = None
    if args.py_spy:
        profiler = subprocess.Popen(["py-spy", "record", "--pid", str(server.pid), "--format", "raw",
                                     "--output", args.py_spy, "--nonblocking"])
    try:
        result = asyncio.run(run(args, LOOPBACK, port, server))
    finally:
        if profiler is not None:
            profiler.send_signal(signal.SIGINT)
            profiler.wait()
        # SIGINT: uvicorn stops, and the profiler (which a SIGTERM would cut short) writes its statistics
        server.send_signal(signal.SIGINT if args.cprofile or args.sample else signal.SIGTERM)
        server.wait()
    humans, bots, bot_lat = bot_latencies(db_url, result["table_ids"])
    human_lat = result["human_latencies"]
    figures = {
        "tables": args.tables, "game": args.game, "players": args.players, "humans_per_table": args.humans,
        "think_ms": args.think_ms,
        "database": db_url.split(":", 1)[0], "wall_seconds": round(result["wall"], 2),
        "actions": humans + bots, "human_actions": humans, "bot_actions": bots,
        "actions_per_second": round((humans + bots) / result["wall"], 1),
        "human_actions_per_second": round(humans / result["wall"], 1),
        "bot_actions_per_second": round(bots / result["wall"], 1),
        "human_latency_ms": {f"p{p}": round(1000 * percentile(human_lat, p), 1) for p in PERCENTILES},
        "bot_latency_ms": {f"p{p}": round(1000 * percentile(bot_lat, p), 1) for p in PERCENTILES},
        "human_latency_mean_ms": round(1000 * statistics.fmean(human_lat), 1) if human_lat else None,
        "refusals": len(result["refusals"]),
        "requests_sent_again_after_a_transport_error": len(result["resent"]),
        "server_cpu_seconds": round(result["server_cpu"], 2),
        "server_cpu_ms_per_action": round(1000 * result["server_cpu"] / max(1, humans + bots), 3),
        "load_generator_cpu_seconds": round(result["generator_cpu"], 2),
        "load_average_1_5_15min_at_start": [round(value, 2) for value in load_at_start],
        "load_average_1_5_15min_at_end": [round(value, 2) for value in os.getloadavg()],
        "cores": os.cpu_count(),
        "note": "the load generator runs on the same machine as the server and shares its cores (loopback)",
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:>26}: {value}")
        for refusal in result["refusals"][:5]:
            print(f"  refused: {refusal}")
        for problem in result["resent"][:5]:
            print(f"  sent again: {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

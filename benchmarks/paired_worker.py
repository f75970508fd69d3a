"""A worker process running one side of a paired speed comparison with the engine of a given source tree.

``ab_pairs.py`` (random playouts) and ``ismcts_ab.py`` (searches) start one worker per tree and ask each, in turn,
for the same chunk of work: the request is one line on the worker's stdin, the answer one line ``CPU COUNT DIGEST``
on its stdout (CPU seconds, the decisions or iterations done, and a digest of what was played, so that the two
sides can be checked to have done the same work).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path


class PairedWorker:
    """A worker process running ``script`` with ``argv`` and the package of the tree ``src`` on its path."""

    def __init__(self, src: str, script: str, argv: list[str]) -> None:
        self.name = Path(script).name
        env = dict(os.environ, PYTHONPATH=src)
        self.process = subprocess.Popen([sys.executable, script, *argv], env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, request: str) -> tuple[float, int, str]:
        """The worker's answer to one request line: (CPU seconds, count, digest)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(request + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        if len(answer) != 3:
            raise SystemExit(f"{self.name}: a worker stopped (exit code {self.process.wait()})")
        return float(answer[0]), int(answer[1]), answer[2]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def add_pairing_options(parser: argparse.ArgumentParser, unit: str, chunk: int, rounds: int, pairs: int) -> None:
    """The options every paired comparison takes: ``--chunk`` (``unit`` per chunk), ``--rounds`` (chunks per pair of
    processes), ``--pairs`` (fresh pairs of processes), and the hidden ``--worker``; check them with
    :func:`check_pairing_options`."""
    parser.add_argument("--chunk", type=int, default=chunk, help=f"{unit} per chunk (default {chunk})")
    parser.add_argument("--rounds", type=int, default=rounds, help=f"chunks per pair of processes (default {rounds})")
    parser.add_argument("--pairs", type=int, default=pairs, help=f"fresh pairs of processes (default {pairs})")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)


def check_pairing_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse a chunk, round or pair count below one, naming the option."""
    for name in ("chunk", "rounds", "pairs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, got {getattr(args, name)}")

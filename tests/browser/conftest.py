"""Fixtures of the browser tests: one `evolutio serve` per test module (free port, temporary SQLite file, bot delay
0) and Debian's Chromium driven by Playwright, launched by its executable path (never a downloaded browser).

Set ``EVOLUTIO_SCREENSHOTS=DIRECTORY`` to save the lobby, table and end-screen screenshots there (docs/screenshots
holds the committed ones).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the test extra (playwright)")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
#: how long to wait for the server to answer after it starts
SERVER_START_ATTEMPTS = 150
SERVER_START_PAUSE_SECONDS = 0.1


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


REPOSITORY = Path(__file__).resolve().parents[2]
#: runs `evolutio serve` after registering the rulesets named in sys.argv[1] ("module:Class,…"; may be empty)
LAUNCHER = (
    "import importlib, sys\n"
    "from evolutio.kernel.registry import register\n"
    "for target in filter(None, sys.argv[1].split(',')):\n"
    "    module, _, name = target.partition(':')\n"
    "    register(getattr(importlib.import_module(module), name))\n"
    "from evolutio.cli.main import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)


@pytest.fixture(scope="module")
def server_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A server for the test module; a module's ``SERVER_RULESETS`` list adds test-only rulesets to it."""
    extra_rulesets = ",".join(getattr(request.module, "SERVER_RULESETS", ()))
    port = _free_port()
    directory = tempfile.mkdtemp(prefix="evolutio-browser-")
    database = f"sqlite:///{directory}/tables.sqlite3"
    with open(os.path.join(directory, "server.log"), "wb") as log:
        command = [sys.executable, "-c", LAUNCHER, extra_rulesets, "serve", "--port", str(port), "--db", database,
                   "--bot-delay", "0", "--log-level", "warning"]
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=REPOSITORY)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(SERVER_START_ATTEMPTS):
                if process.poll() is not None:
                    raise RuntimeError(f"evolutio serve exited with {process.returncode}; see {log.name}")
                try:
                    with urllib.request.urlopen(f"{url}/api/games", timeout=1):
                        break
                except OSError:
                    time.sleep(SERVER_START_PAUSE_SECONDS)
            else:
                raise RuntimeError(f"evolutio serve did not answer on {url}; see {log.name}")
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def screenshots() -> Path | None:
    directory = os.environ.get("EVOLUTIO_SCREENSHOTS")
    if not directory:
        return None
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    return path

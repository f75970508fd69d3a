"""A larger schemathesis run against the app's own OpenAPI schema than the test suite's (no request may get a 5xx).

    python benchmarks/schemathesis_run.py                 # 200 examples per operation and mode
    python benchmarks/schemathesis_run.py --examples 1000

Valid (positive) and invalid (negative) requests are generated for every operation, both on a real table with a
seat's token and on made-up tables; each answer must be below 500 and, when a refusal, carry a one-line
``{"detail"}``. The server runs in-process on a temporary SQLite database (bots with no delay).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

SERVER_ERROR = 500
EXAMPLE = "example: PYTHONPATH=src python benchmarks/schemathesis_run.py --examples 1000"


def main() -> int:
    parser = argparse.ArgumentParser(prog="schemathesis_run.py", description=__doc__, epilog=EXAMPLE,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=200,
                        help="examples per operation, per mode and table kind (default 200)")
    args = parser.parse_args()
    if args.examples < 1:
        parser.error(f"--examples must be at least 1, got {args.examples}")
    # imported once the arguments are known: --help and a bad argument answer at once (and without the warnings these
    # imports print)
    import schemathesis
    from fastapi.testclient import TestClient
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from schemathesis import GenerationMode

    from evolutio.server import ServerSettings, create_app

    directory = tempfile.mkdtemp(prefix="evolutio-schemathesis-")
    app = create_app(ServerSettings(db_url=f"sqlite:///{Path(directory) / 'fuzz.sqlite3'}", bot_delay=0))
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    started = time.perf_counter()
    with TestClient(app) as client:
        created = client.post("/api/tables", json={"game": "origin", "seats": ["human", "human", "bot:random"],
                                                   "seed": 4}).json()
        token = created["seats"][0]["token"]
        schema = schemathesis.openapi.from_dict(app.openapi())
        operations = [result.ok() for result in schema.get_all_operations()]
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            for on_real_table in (True, False):
                strategies = []
                for operation in operations:
                    with_table = "table_id" in operation.path and on_real_table
                    strategies.append(operation.as_strategy(
                        mode, path_parameters={"table_id": created["table"]} if with_table else None,
                        headers={"Authorization": f"Bearer {token}"} if with_table else None))

                @settings(max_examples=args.examples * len(strategies), deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
                @given(case=st.one_of(strategies))
                def fuzz(case: Any) -> None:
                    response = client.request(**case.as_transport_kwargs(base_url="http://testserver"))
                    statuses[response.status_code] += 1
                    if response.status_code >= SERVER_ERROR:
                        failures.append(f"{response.status_code} {case.as_curl_command()}")
                    elif response.status_code >= 400 and not isinstance(response.json().get("detail"), str):
                        failures.append(f"no one-line detail: {case.as_curl_command()}")

                fuzz()
    elapsed = time.perf_counter() - started
    print(f"{sum(statuses.values())} requests in {elapsed:.1f} s; statuses: "
          + ", ".join(f"{status}×{count}" for status, count in sorted(statuses.items())))
    for failure in failures[:20]:
        print(f"FAILED {failure}")
    print("no server errors" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""schemathesis against the app's own OpenAPI schema: generated valid and invalid requests to every operation, on a
real table and on made-up ones; no request may get a 5xx. (A larger run: benchmarks/schemathesis_run.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from .conftest import make_client
from .helpers import create

EXAMPLES_PER_OPERATION = 5
SERVER_ERROR = 500
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('schemathesis') / 'evolutio.sqlite3'}"
    with make_client(url) as client:
        created = create(client, "origin", ["human", "human", "bot:random"], seed=4)
        yield client, created


def _operations(client: TestClient) -> list[Any]:
    schema = schemathesis.openapi.from_dict(client.app.openapi())  # type: ignore[attr-defined]
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("on_real_table", [True, False])
def test_no_generated_request_gets_a_server_error(running: tuple[TestClient, dict[str, Any]], mode: GenerationMode,
                                                 on_real_table: bool) -> None:
    client, created = running
    token = created["seats"][0]["token"]
    strategies = []
    for operation in _operations(client):
        with_table = "table_id" in operation.path and on_real_table
        strategies.append(operation.as_strategy(
            mode, path_parameters={"table_id": created["table"]} if with_table else None,
            headers={"Authorization": f"Bearer {token}"} if with_table else None))
    assert strategies

    @settings(max_examples=EXAMPLES_PER_OPERATION * len(strategies), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=st.one_of(strategies))
    def check(case: Any) -> None:
        request = case.as_transport_kwargs(base_url="http://testserver")
        response = client.request(**request)
        assert response.status_code < SERVER_ERROR, (case.as_curl_command(), response.text)
        if response.status_code >= 400:
            assert isinstance(response.json()["detail"], str)

    check()

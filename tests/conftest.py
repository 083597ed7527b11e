"""What every test session shares.

- Its first line says which PostgreSQL the PostgreSQL tests run on (the system's or the test extra's
  wheel), so a failure on a newcomer's machine starts from the right fact.
- Hypothesis runs with no per-example deadline and without its "too slow" health check: both time the
  machine, and the suite must pass as well on a busy laptop as on an idle CI runner.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres.cluster import ClusterError, server_binaries

settings.register_profile(
    "any-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example]
)
settings.load_profile("any-machine")


def pytest_sessionstart(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller has said it
        return
    try:
        line = server_binaries().describe()
    except ClusterError as error:
        line = f"PostgreSQL for these tests: none ({error}); the PostgreSQL tests will fail with this reason"
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(line)

"""One throwaway PostgreSQL cluster for the whole test session, and a fresh database per test.

The cluster starts on first use (about half a second) and stops when the test process exits; every
conftest that offers PostgreSQL asks here, so there is one cluster however many folders use it. If it
cannot start, every test that needs it fails with the reason (``pytest.fail``): never a skip.
"""

from __future__ import annotations

import atexit
import itertools

import asyncpg
import pytest

from tests.postgres.cluster import Cluster, ClusterError

_cluster: Cluster | None = None
_failure: str | None = None
_numbers = itertools.count(1)


def shared_cluster() -> Cluster:
    global _cluster, _failure
    if _failure is not None:
        pytest.fail(_failure, pytrace=False)
    if _cluster is None:
        try:
            cluster = Cluster()
            atexit.register(cluster.stop)
            cluster.start()
        except ClusterError as error:
            _failure = f"the throwaway PostgreSQL cluster could not start: {error}"
            pytest.fail(_failure, pytrace=False)
        _cluster = cluster
    return _cluster


async def fresh_database(prefix: str = "t") -> str:
    """A new, empty database on the session's cluster; its URL."""
    cluster = shared_cluster()
    name = f"{prefix}_{next(_numbers)}"
    admin = await asyncpg.connect(cluster.dsn())
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return cluster.dsn(name)

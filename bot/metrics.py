"""Optional Prometheus metrics (issue 34, item 2): with the ``metrics`` extra installed
(``pip install 'warboard[metrics]'``, i.e. ``prometheus-client``) and ``PBP_METRICS_PORT`` set, the bot
serves them on that port at ``/metrics`` for a Prometheus server to scrape, on every interface unless
``PBP_METRICS_HOST`` names one (an IP address; 127.0.0.1 keeps them to the machine), without the
library's ``_created`` series:

- ``warboard_games{state}``: stored games by status (lobby, running, paused, ended), counted every
  ``COUNT_EVERY`` seconds;
- ``warboard_interactions_total{kind}`` and ``warboard_interaction_seconds{kind}``: commands, buttons,
  menus, forms and autocompletes, and how long the bot took to handle each (from its arrival until its
  handler finished, pictures included); ``kind`` is the top-level command (``/game``) or the component's
  kind, so the label has few values;
- ``warboard_errors_total{where}``: unexpected errors answered with a reference (``interaction``) and AI
  runs that broke off (``ai``);
- ``warboard_ai_turn_seconds{game}``: one run of AI moves through the service, commits included.

Without the variable nothing is imported or measured (``Metrics`` does nothing); with it but without the
package, one warning says how to install it and the bot runs on without metrics.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Mapping
from typing import Any, get_args

from bot.records import GameState
from bot.settings import METRICS_HOST

log = logging.getLogger("warboard")

COUNT_EVERY = 30.0  # seconds between two counts of the games by state (one GROUP BY on the games table)
# Interactions: a text answer takes milliseconds, a picture up to a second or two on a busy machine.
INTERACTION_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# An AI's run of moves: from one quick move to a long turn of a big game.
AI_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
NOT_INSTALLED = (
    "PBP_METRICS_PORT is set but prometheus-client is not installed, so there are no metrics "
    "(pip install 'warboard[metrics]'); the bot runs on without them."
)
# Discord's interaction types and component types, as the ``kind`` label says them.
_TYPES = {3: "component", 4: "autocomplete", 5: "form"}
_COMPONENTS = {2: "button", 3: "menu", 5: "menu", 6: "menu", 7: "menu", 8: "menu"}


def interaction_kind(data: Mapping[str, Any]) -> str:
    """A raw interaction's ``kind`` label: ``/command`` for a slash command, else its component's kind."""
    body = data.get("data") or {}
    if data.get("type") == 2:
        return f"/{body.get('name', '?')}"
    if data.get("type") == 3:
        return _COMPONENTS.get(body.get("component_type", 0), "component")
    return _TYPES.get(data.get("type", 0), "other")


class Metrics:
    """What the bot reports; this base reports nothing (no ``PBP_METRICS_PORT``, or no package)."""

    enabled = False

    def interaction(self, kind: str, seconds: float) -> None:
        pass

    def error(self, where: str) -> None:
        pass

    def ai_turn(self, game: str | None, seconds: float) -> None:
        pass

    def games(self, counts: Mapping[str, int]) -> None:
        pass


class Prometheus(Metrics):
    """The metrics in a ``prometheus_client`` registry (its own, so tests and several bots do not mix)."""

    enabled = True

    def __init__(self, registry: Any = None) -> None:
        import prometheus_client as prometheus

        # No ``_created`` series (each counter's and histogram's start time, one more series per label
        # value: 12 of 100 with four kinds of interaction and two games' AI), which Prometheus stores as
        # series of their own. A switch of the library, for the whole process: the bot's only registry.
        prometheus.disable_created_metrics()  # type: ignore[no-untyped-call]
        self.registry = registry if registry is not None else prometheus.CollectorRegistry()
        on = self.registry
        self._games = prometheus.Gauge("warboard_games", "Stored games by state.", ["state"], registry=on)
        self._interactions = prometheus.Counter(
            "warboard_interactions", "Interactions handled, by command or component.", ["kind"], registry=on
        )
        self._latency = prometheus.Histogram(
            "warboard_interaction_seconds",
            "Time from an interaction's arrival until its handler finished.",
            ["kind"],
            buckets=INTERACTION_BUCKETS,
            registry=on,
        )
        self._errors = prometheus.Counter(
            "warboard_errors",
            "Unexpected errors (interaction: answered with a reference; ai).",
            ["where"],
            registry=on,
        )
        self._ai = prometheus.Histogram(
            "warboard_ai_turn_seconds",
            "One run of AI moves, commits included.",
            ["game"],
            buckets=AI_BUCKETS,
            registry=on,
        )
        # Every state and error place reads 0 from the start, not "no data" until its first game or error.
        self._known_states: set[str] = set(get_args(GameState))
        self.games({})
        for where in ("interaction", "ai"):
            self._errors.labels(where)

    def interaction(self, kind: str, seconds: float) -> None:
        self._interactions.labels(kind).inc()
        self._latency.labels(kind).observe(seconds)

    def error(self, where: str) -> None:
        self._errors.labels(where).inc()

    def ai_turn(self, game: str | None, seconds: float) -> None:
        if game is None:
            self.error("ai")
        else:
            self._ai.labels(game).observe(seconds)

    def games(self, counts: Mapping[str, int]) -> None:
        for state in self._known_states - set(counts):  # a state with no games left reads 0, not stale
            self._games.labels(state).set(0)
        for state, count in counts.items():
            self._games.labels(state).set(count)
        self._known_states |= set(counts)

    def serve(self, port: int, host: str = METRICS_HOST) -> Any:
        """The HTTP endpoint on ``host`` (an IP address), in prometheus_client's own daemon thread (off the
        event loop); returns the server (its ``shutdown`` stops it)."""
        import prometheus_client as prometheus

        from bot.settings import SettingsError

        try:
            server, _thread = prometheus.start_http_server(port, addr=host, registry=self.registry)
        except OSError as error:
            if error.errno == errno.EADDRNOTAVAIL:
                raise SettingsError(
                    f"PBP_METRICS_HOST is {host}, an address of no interface of this machine: use 0.0.0.0 "
                    "(every interface), 127.0.0.1 or one of its own."
                ) from None
            raise SettingsError(
                f"PBP_METRICS_PORT is {port}, which another process holds or the bot may not open "
                f"({error.strerror}): choose another port."
            ) from None
        log.info("metrics on %s port %d at /metrics", host, port)
        return server


def start_metrics(port: int | None, host: str = METRICS_HOST) -> Metrics:
    """The bot's metrics: served on ``host``'s ``port``, or nothing without a port or without
    prometheus-client."""
    if port is None:
        return Metrics()
    try:
        metrics = Prometheus()
    except ImportError:
        log.warning(NOT_INSTALLED)
        return Metrics()
    metrics.serve(port, host)
    return metrics

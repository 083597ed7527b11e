"""Configuration from the environment, read once at start-up."""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

SNOWFLAKE = re.compile(r"[0-9]{1,20}")  # a Discord id, in ASCII digits ("²".isdigit() is True)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
# Liveness (issue 34, item 2): while the gateway is connected, the bot touches its heartbeat file this often;
# ``python -m bot health`` (the image's HEALTHCHECK) calls it stale after ``HEARTBEAT_STALE`` seconds. Here,
# not in ``bot.app``, so that the check every 30 s loads no Discord library.
HEARTBEAT_EVERY = 10.0
HEARTBEAT_STALE = 60.0
# Where the metrics listen without PBP_METRICS_HOST: every interface, what a container needs for its port to
# be published (the README's owner part says why, and when 127.0.0.1 is better).
METRICS_HOST = "0.0.0.0"


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message names the variable."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None
    database: str = "warboard.db"
    dev_guilds: tuple[int, ...] = ()
    log_level: str = "INFO"
    log_format: str = "text"  # "json": one JSON object a line, for log collectors
    heartbeat: str | None = None  # a file the bot touches while it is healthy (``python -m bot health``)
    metrics_port: int | None = None  # Prometheus metrics served here (``bot/metrics.py``); None: none
    metrics_host: str = METRICS_HOST  # ... on this address

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read ``DISCORD_TOKEN``, ``PBP_DATABASE``, ``PBP_DEV_GUILDS`` (comma-separated ids),
        ``PBP_LOG_LEVEL``, ``PBP_LOG_FORMAT`` (text or json), ``PBP_HEARTBEAT`` (a file's path),
        ``PBP_METRICS_PORT`` (a TCP port for Prometheus metrics) and ``PBP_METRICS_HOST`` (the IP address
        they listen on)."""
        env = os.environ if env is None else env
        guilds = []
        for part in env.get("PBP_DEV_GUILDS", "").split(","):
            if part.strip():
                if not SNOWFLAKE.fullmatch(part.strip()):
                    raise SettingsError(
                        f"PBP_DEV_GUILDS must be guild ids separated by commas, not “{part.strip()}”."
                    )
                guilds.append(int(part))
        level = env.get("PBP_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise SettingsError(f"PBP_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not “{level}”.")
        log_format = env.get("PBP_LOG_FORMAT", "text").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise SettingsError(f"PBP_LOG_FORMAT must be text or json, not “{log_format}”.")
        port = env.get("PBP_METRICS_PORT", "").strip()
        if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
            raise SettingsError(f"PBP_METRICS_PORT must be a port number from 1 to 65535, not “{port}”.")
        host = env.get("PBP_METRICS_HOST", "").strip() or METRICS_HOST
        try:
            ipaddress.ip_address(host)
        except ValueError:
            raise SettingsError(
                f"PBP_METRICS_HOST must be an IP address (0.0.0.0 for every interface, 127.0.0.1 for this "
                f"machine only), not “{host}”."
            ) from None
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database=env.get("PBP_DATABASE", "").strip() or "warboard.db",
            dev_guilds=tuple(guilds),
            log_level=level,
            log_format=log_format,
            heartbeat=env.get("PBP_HEARTBEAT", "").strip() or None,
            metrics_port=int(port) if port else None,
            metrics_host=host,
        )

"""Optional Prometheus metrics (issue 34, item 2): what the registry holds after a few interactions through
the fake Discord, and a bot without prometheus-client that says so once and runs on."""

from __future__ import annotations

import logging
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from bot.games import GAMES
from bot.metrics import NOT_INSTALLED, Metrics, Prometheus, interaction_kind, start_metrics
from bot.settings import Settings, SettingsError
from tests.bot.discord_world import discord_world
from tests.bot.test_command_errors import two_player_risk


def value(registry: CollectorRegistry, name: str, **labels: str) -> float:
    found = registry.get_sample_value(name, labels)
    return 0.0 if found is None else found


async def test_interactions_errors_games_and_ai_turns_are_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = CollectorRegistry()
    async with discord_world(str(tmp_path / "games.db"), metrics=Prometheus(registry)) as (fd, bot):
        _, user, command, values = await two_player_risk(fd, bot)  # /game new, join, start
        await fd.slash(user, "risk", command, **values)
        assert value(registry, "warboard_interactions_total", kind="/game") == 3
        assert value(registry, "warboard_interactions_total", kind="/risk") == 1
        assert value(registry, "warboard_interaction_seconds_count", kind="/game") == 3
        assert 0 < value(registry, "warboard_interaction_seconds_sum", kind="/risk") < 30

        async def broken(channel_id: int) -> Any:
            raise OSError("the database went away")

        monkeypatch.setattr(bot.service, "channel_game", broken)
        failed = await fd.slash(user, "risk", command, **values)
        monkeypatch.undo()
        assert any("reference" in m.content for m in failed.messages if m.ephemeral)
        assert value(registry, "warboard_errors_total", where="interaction") == 1
        assert value(registry, "warboard_interactions_total", kind="/risk") == 2

        await fd.slash("carol", "lobby", "game new", ruleset="risk", seats=2)
        await fd.slash("carol", "lobby", "game join", ai=True)  # the second seat filled: it starts
        await fd.wait_idle()
        game_id = (await bot.service.channel_game(fd.channel_id("lobby"))).game.id
        # The seat order is drawn: carol moves (as the AI would) until the AI seat has had a turn.
        for _ in range(200):
            if value(registry, "warboard_ai_turn_seconds_count", game="risk"):
                break
            status = await bot.service.status(game_id)
            seat = status.waiting_for[0]
            user = status.seats[seat].user_id
            if status.seats[seat].controller == "human" and user is not None:
                state = bot.service.state_of(await bot.service.load(game_id))
                await bot.service.act(game_id, user, GAMES["risk"].agent(seat).choose(state, seat))
            await bot.service.play_ai(game_id)  # what the bot does after a move
        assert value(registry, "warboard_ai_turn_seconds_count", game="risk") >= 1
        await bot.count_games()
        counts = await bot.store.game_counts()
        assert sum(counts.values()) == 2 and counts.get("running", 0) >= 1  # alice's game still runs
        for state in ("running", "ended", "lobby"):
            assert value(registry, "warboard_games", state=state) == counts.get(state, 0)


def test_kinds_are_few() -> None:
    assert interaction_kind({"type": 2, "data": {"name": "game"}}) == "/game"
    assert interaction_kind({"type": 3, "data": {"component_type": 2}}) == "button"
    assert interaction_kind({"type": 3, "data": {"component_type": 3}}) == "menu"
    assert interaction_kind({"type": 4, "data": {"name": "risk"}}) == "autocomplete"
    assert interaction_kind({"type": 5, "data": {}}) == "form"


def test_without_the_package_one_clear_line_and_no_metrics(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "prometheus_client", None)  # ``import`` raises ImportError
    with caplog.at_level(logging.WARNING, logger="warboard"):
        metrics = start_metrics(9464)
    assert type(metrics) is Metrics and not metrics.enabled
    assert [r.getMessage() for r in caplog.records] == [NOT_INSTALLED]
    metrics.interaction("/game", 0.1)  # reporting to it does nothing, and raises nothing
    metrics.ai_turn(None, 1.0)


def test_without_a_port_nothing_is_started(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="warboard"):
        metrics = start_metrics(None)
    assert type(metrics) is Metrics and not caplog.records


def test_the_port_setting() -> None:
    assert Settings.from_env({"PBP_METRICS_PORT": "9464"}).metrics_port == 9464
    assert Settings.from_env({}).metrics_port is None
    for wrong in ("http", "0", "70000", "٩٤"):
        with pytest.raises(SettingsError, match="PBP_METRICS_PORT"):
            Settings.from_env({"PBP_METRICS_PORT": wrong})


def test_the_host_setting() -> None:
    """``PBP_METRICS_HOST``: the address the metrics listen on. It was always 0.0.0.0 (every interface:
    what a container needs for its port to be published); on a bare host an owner may keep them to
    127.0.0.1 (or one interface). An IP address, or one line and exit 2 as for the other settings."""
    assert Settings.from_env({}).metrics_host == "0.0.0.0"
    assert Settings.from_env({"PBP_METRICS_HOST": " 127.0.0.1 "}).metrics_host == "127.0.0.1"
    assert Settings.from_env({"PBP_METRICS_HOST": "::1"}).metrics_host == "::1"
    for wrong in ("localhost:9464", "300.1.1.1", "http://0.0.0.0", "١٢٧.0.0.1"):
        with pytest.raises(SettingsError, match=r"^PBP_METRICS_HOST must be an IP address"):
            Settings.from_env({"PBP_METRICS_HOST": wrong})


def test_the_endpoint_serves_the_metrics_on_the_host_asked_without_created_series() -> None:
    """On the address asked only; and without prometheus_client's ``_created`` series (a counter's or a
    histogram's start time, one more series for each: ``disable_created_metrics``)."""
    metrics = Prometheus()
    metrics.interaction("/game", 0.02)
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = metrics.serve(port, "127.0.0.1")
    try:
        assert server.server_address[:2] == ("127.0.0.1", port)
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    finally:
        server.shutdown()
    assert 'warboard_interactions_total{kind="/game"} 1.0' in text
    assert "warboard_interaction_seconds_count" in text and "_created" not in text, text


def test_a_port_already_taken_is_said_as_a_setting() -> None:
    """Another process on the port (a second bot, an exporter): one sentence naming PBP_METRICS_PORT, which
    ``python -m bot`` prints alone with exit 2 (it was an OSError's traceback)."""
    import socket

    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SettingsError, match=f"PBP_METRICS_PORT is {port}, which another process"):
            Prometheus().serve(port)
    with pytest.raises(SettingsError, match=r"^PBP_METRICS_HOST is 192\.0\.2\.7, an address of no interface"):
        Prometheus().serve(port, "192.0.2.7")  # TEST-NET-1: no machine's own


def test_every_game_state_and_error_reads_0_from_the_start() -> None:
    """Series that exist before their first event (Prometheus's advice for known label values): a fresh
    bot served no ``warboard_games`` and no ``warboard_errors_total`` until a game or an error came, so a
    dashboard read "no data" and an alert on the errors' rate had no series to watch."""
    registry = CollectorRegistry()
    Prometheus(registry)
    for state in ("lobby", "running", "paused", "ended"):
        assert registry.get_sample_value("warboard_games", {"state": state}) == 0.0, state
    for where in ("interaction", "ai"):
        assert registry.get_sample_value("warboard_errors_total", {"where": where}) == 0.0, where

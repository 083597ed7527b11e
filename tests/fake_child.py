"""What a bot process of its own (a test's, a check's) runs first to reach the fake Discord: the same
addresses ``FakeDiscord.start_bot`` sets for a bot in the test's process, read from the process's
environment (``fake_addresses``), so the child needs nothing of the tests importable."""

from __future__ import annotations

from fakecord import FakeDiscord

POINT_AT_FAKE = """
import os
import discord.asset, discord.gateway, discord.http, yarl
discord.http.Route.BASE = os.environ["FAKE_BASE"] + "/api/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_WS"])
discord.asset.Asset.BASE = os.environ["FAKE_BASE"] + "/cdn"
"""


def fake_addresses(fd: FakeDiscord) -> dict[str, str]:
    """The environment ``POINT_AT_FAKE`` reads: where ``fd`` listens."""
    return {"FAKE_BASE": fd.base_url, "FAKE_WS": fd.ws_url}

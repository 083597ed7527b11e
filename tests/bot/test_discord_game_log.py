"""Reading games through the fake Discord: /game log, export and verify of a game that has ended (and
of an earlier game of the channel by its number, never one of another channel), a log whose every
line is on exactly one page however long its lines; and what /game undo and /game resign tell the
channel (the status message refreshed; the teammate who takes the waiting powers over pinged)."""

from __future__ import annotations

import json
from typing import Any

from fakecord import FakeDiscord

from bot.app import WarboardBot
from bot.cogs.history import latest_page, log_pages
from bot.limits import EMBED_DESCRIPTION
from rules.axis_allies.actions import Buy
from rules.axis_allies.ai import AxisAlliesAI
from tests.bot.axis_allies.aa_play import CHANNEL, last_ping, pinged
from tests.bot.axis_allies.test_discord_moderation import GERMANY, JAPAN, MOD, SEATS, aa_world, skip_the_ussr
from tests.bot.discord_world import rendered


def page_text(answer: Any) -> str:
    """A /game log page's lines: the embed's, or the text file a page too long for one embed comes with."""
    assert len(answer.embeds[0]["description"]) <= EMBED_DESCRIPTION
    texts = [data.decode() for name, data in answer.files.items() if name.endswith(".txt")]
    return texts[0] if texts else rendered(answer.embeds[0]["description"])


async def read_log(fd: FakeDiscord, channel: str = CHANNEL, **chosen: object) -> list[str]:
    """Every page of /game log (``chosen``: the game), latest first; checks the titles count right."""
    first = await fd.slash("bob", channel, "game log", **chosen)
    assert first.embeds, first.content  # an answer (private, with its Show everyone button), not a refusal
    title = first.embeds[0]["title"]  # "Game #1 log · page 1 of 4"
    count = int(title.rsplit(" ", 1)[-1])
    pages = [page_text(first)]
    for page in range(2, count + 1):
        answer = await fd.slash("bob", channel, "game log", page=page, **chosen)
        assert answer.embeds[0]["title"] == title.replace("page 1 of", f"page {page} of")
        pages.append(page_text(answer))
    past = await fd.slash("bob", channel, "game log", page=count + 1, **chosen)
    assert past.ephemeral and past.content == f"The log has {count} page(s).", past.content
    assert await turned_pages(fd, first, count) == pages
    return pages


async def turned_pages(fd: FakeDiscord, first: Any, count: int) -> list[str]:
    """The pages as the **◀ Older** button under page 1 turns them, then back by **Newer ▶**: the same
    private answer, edited, each page as ``/game log page:N`` gives it; Older is greyed on the last page
    and Newer on the first."""
    answer = first.message
    game = int(answer.embeds[0]["title"].split("#")[1].split(" ")[0])

    def buttons() -> dict[str, Any]:
        return {c["label"]: c for row in answer.components for c in row["components"] if c["type"] == 2}

    assert buttons()["Newer ▶"].get("disabled") is True
    turned = [page_text(first)]
    for page in range(2, count + 1):
        await fd.click("bob", answer, buttons()["◀ Older"]["custom_id"])
        assert answer.embeds[0]["title"] == f"Game #{game} log · page {page} of {count}"
        texts = [a.data.decode() for a in answer.attachments if a.filename.endswith(".txt")]
        turned.append(texts[0] if texts else rendered(answer.embeds[0]["description"]))
    assert buttons()["◀ Older"].get("disabled") is True
    for page in range(count - 1, 0, -1):
        await fd.click("bob", answer, buttons()["Newer ▶"]["custom_id"])
        assert answer.embeds[0]["title"] == f"Game #{game} log · page {page} of {count}"
    assert {"Show everyone", "◀ Older", "Newer ▶"} <= set(buttons())
    return turned


def every_line_once(pages: list[str], lines: list[str]) -> None:
    """The pages (latest first) hold ``lines`` in order, each exactly once."""
    assert [line for page in reversed(pages) for line in page.split("\n")] == lines


async def play_round_one(bot: WarboardBot, game_id: int) -> None:
    """The A&A AI plays every seat's moves to the end of round 1, straight through the service (fast)."""
    agents: dict[int, AxisAlliesAI] = {}
    for _ in range(2000):
        status = await bot.service.status(game_id)
        state = bot.service.state_of(await bot.service.load(game_id))
        if state.round > 1:
            return
        seat = status.waiting_for[0]
        action = agents.setdefault(seat, AxisAlliesAI(seat)).choose(state, seat)
        await bot.service.act(game_id, status.seats[seat].user_id, action)
    raise AssertionError("round 1 never ended")


async def test_an_ended_game_is_read_whole_and_earlier_games_by_number_in_their_channel_only(tmp_path):
    async with aa_world(tmp_path) as players:
        fd, bot, game_id = players.fd, players.bot, players.game_id
        await play_round_one(bot, game_id)
        ended = await fd.slash(MOD, CHANNEL, "mod end")
        assert not ended.ephemeral, ended.content
        game = await bot.service.load(game_id)
        assert game.status == "ended" and game.seed

        # No game runs in the channel now: its last game is read, every line of it.
        lines = await bot.service.log_lines(game_id)
        pages = await read_log(fd)
        assert len(pages) > 1 and pages[0].endswith(lines[-1])
        every_line_once(pages, lines)
        exported = await fd.slash("carol", CHANNEL, "game export")
        document = json.loads(exported.files[f"warboard-game-{game_id}.json"])
        assert (document["status"], document["seed"]) == ("ended", game.seed)
        verified = await fd.slash("carol", CHANNEL, "game verify")
        assert "match the revealed seed" in verified.content, verified.content

        # A new game in the channel is what it reads by default; the ended one is still there by number.
        await fd.slash("alice", CHANNEL, "game new", ruleset="risk")
        newer = await fd.slash("bob", CHANNEL, "game log")
        assert newer.embeds[0]["title"] == f"Game #{game_id + 1} log · page 1 of 1"
        assert newer.embeds[0]["description"] == "Nothing has happened yet."
        every_line_once(await read_log(fd, game=game_id), lines)
        again = await fd.slash("carol", CHANNEL, "game export", game=game_id)
        assert json.loads(again.files[f"warboard-game-{game_id}.json"])["seed"] == game.seed
        assert (
            "match the revealed seed"
            in (await fd.slash("dave", CHANNEL, "game verify", game=game_id)).content
        )

        # A number from another channel is refused exactly like one that does not exist.
        await fd.slash("dave", "risk", "game new", ruleset="risk")
        elsewhere = await bot.service.game_in_channel(fd.channel_id("risk"))
        assert elsewhere == game_id + 2
        for channel, number in ((CHANNEL, elsewhere), ("risk", game_id), (CHANNEL, 999)):
            for command in ("game log", "game export", "game verify"):
                answer = await fd.slash("bob", channel, command, game=number)
                assert answer.ephemeral and answer.content == f"There is no game #{number} in this channel."
                assert not answer.files
        fd.assert_clean()


async def test_a_log_of_long_lines_loses_none_of_them(tmp_path, monkeypatch):
    """A page is a few log rows (read alone, however long the game); when their lines overflow an embed
    (lines of 150 to 180 characters, as an A&A battle writes), the embed shows the latest that fit and a
    text file carries every line of the page."""
    lines = [
        f"{i:03} " + "Germany attacks Karelia S.S.R. with infantry, tanks and fighters. " * 3
        for i in range(300)
    ]
    lines = [line[: 150 + i % 31] for i, line in enumerate(lines)]
    assert len("\n".join(lines[-40:])) > EMBED_DESCRIPTION
    async with aa_world(tmp_path) as players:

        async def long_rows(*args: object) -> list[str]:
            return lines

        monkeypatch.setattr("bot.service.rows_text", long_rows)
        answer = await players.fd.slash("bob", CHANNEL, "game log")
        assert answer.embeds[0]["title"] == f"Game #{players.game_id} log · page 1 of 1"
        assert rendered(answer.embeds[0]["description"]) == log_pages(lines, size=len(lines))[0]
        (text,) = answer.files.values()
        assert text.decode().split("\n") == lines
        players.fd.assert_clean()


def test_a_log_page_cut_inside_a_row_keeps_its_headline() -> None:
    """A newcomer's /game log opened on "    🎲 attack Northwest Territory → Alaska: [6 3 3]" after a long
    attack: whose move, and what? The row's headline comes first, then "…" for the lines in the file."""
    rolls = [f"    Alice attacked Alaska from Northwest Territory: roll {i}." for i in range(200)]
    lines = ["Bob: end phase", "Alice: attack northwest territory alaska 3", *rolls, "Carol: end phase"]
    shown = latest_page(lines)
    assert len(shown) <= EMBED_DESCRIPTION
    first, goes_on, *rest = shown.split("\n")
    assert (first, goes_on) == ("Alice: attack northwest territory alaska 3", "    …")
    assert rest[-2:] == [rolls[-1], "Carol: end phase"] and rest == lines[-len(rest) :]
    assert latest_page(lines[-30:]) == "\n".join(lines[-30:])  # all of it fits: as it is
    whole_rows = ["Ann: buy 3 infantry"] * 200  # a page that begins on a row's headline: as it is
    assert latest_page(whole_rows) == log_pages(whole_rows, size=200)[0]


def test_log_pages_fill_from_the_latest_line() -> None:
    assert log_pages([]) == []
    assert log_pages([str(i) for i in range(45)]) == ["\n".join(map(str, range(5, 45))), "0\n1\n2\n3\n4"]
    assert log_pages(["a" * 10, "b" * 10, "c" * 10], limit=21) == ["b" * 10 + "\n" + "c" * 10, "a" * 10]
    assert log_pages(["x" * 50], limit=20) == ["x" * 19 + "…"]  # a line too long for any page is cut


async def test_undo_refreshes_the_status_message(tmp_path):
    async with aa_world(tmp_path) as players:
        fd, bot, game_id = players.fd, players.bot, players.game_id
        await players.move(Buy((("infantry", 3),)))
        await fd.wait_idle(settle=0.2)
        status = await bot.service.status(game_id)
        message = next(m for m in fd.messages(CHANNEL) if m.id == status.status_message_id)
        edits = len(message.edits)
        undone = await fd.slash("alice", CHANNEL, "game undo")
        assert not undone.ephemeral and "took back their last move" in undone.content, undone.content
        await fd.wait_idle(settle=0.2)
        version = (await bot.service.status(game_id)).version
        assert len(message.edits) == edits + 1, "the undo refreshed the status message"
        assert "version" not in message.embeds[0]["footer"]["text"]  # players' words only (issue 28)
        assert version
        fd.assert_clean()


async def test_resigning_in_turn_hands_the_powers_to_a_teammate_who_is_pinged(tmp_path):
    async with aa_world(tmp_path) as players:
        fd, game_id = players.fd, players.game_id
        await skip_the_ussr(players)
        assert pinged(fd, "carol"), last_ping(fd).content  # Germany's turn: Carol's

        resigned = await fd.slash("carol", CHANNEL, "game resign")
        assert resigned.content == f"Carol resigned from game #{game_id}.", resigned.content
        await fd.wait_idle(settle=0.3)
        state = await players.state()
        bob = SEATS["bob"] - 1
        assert state.seat_of[GERMANY] == state.seat_of[JAPAN] == bob and state.power == GERMANY
        assert pinged(fd, "bob"), last_ping(fd).content  # Bob now plays Germany, in its turn
        await players.move(Buy((("infantry", 1),)))
        assert players.acted == {GERMANY: {"bob"}}
        fd.assert_clean()

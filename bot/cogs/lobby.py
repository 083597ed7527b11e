"""/game and /help: creating, joining and starting games, and looking at them (status, map, log,
export, verify). Anyone may look; only the seated may play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.announce import clock_text, turn_rules
from bot.cogs.common import (
    COLOUR,
    AnswersErrors,
    board_message,
    channel_game,
    choices,
    display_name,
    is_moderator,
    plain,
    shown,
)
from bot.cogs.following import FollowAnswer
from bot.cogs.history import HistoryCommands, LogPageButton
from bot.cogs.moves import announce_turn, moved_on
from bot.cogs.players import PlayersCommands
from bot.cogs.share import ShowButton, show_button
from bot.cogs.substitutes import SubAnswer, TakeSeat
from bot.following import TABLE_OPTIONS
from bot.game import LEVEL_NAMES
from bot.host import Host
from bot.limits import CHOICE_NAME, CHOICES, EMBED_DESCRIPTION, clip
from bot.lobby import TurnSettings, with_server_defaults
from bot.models import GameStatus, Position, ServiceError, seal_line
from bot.standings import Reliability
from bot.stats import reliability_text
from rules.core.ruleset import Ruleset

DEFAULT_TURN_HOURS = 24
# The AI levels games register (``bot.game.LEVEL_NAMES``); a game without the one chosen says so.
LEVEL_CHOICES = [app_commands.Choice(name=LEVEL_NAMES[level], value=level) for level in ("easy", "normal")]
TIMEOUT_CHOICES = [
    app_commands.Choice(name="skip the turn safely", value="skip"),
    app_commands.Choice(name="the AI plays the turn", value="ai"),
]


def seat_menu(status: GameStatus, rules: Ruleset, roles: list[str]) -> list[tuple[str, int]]:
    """``/game seat`` choices: each seat, what it plays (``roles``, the game's words) and who claimed it."""
    room = status.capacity or len(status.seats) or rules.max_seats
    holders = {s.claim: plain(s.name) for s in status.seats if s.claim is not None}
    menu = []
    for i in range(room):
        plays = f": {roles[i]}" if i < len(roles) else ""
        held = f" (claimed by {holders[i]})" if i in holders else ""
        menu.append((f"{place_name(i + 1).capitalize()}{plays}{held}", i + 1))
    return [*menu, ("Give up my claim (seat drawn)", 0)]


def option_text(value: object) -> str:
    """An option's value as players type it: on/off, never True/False."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def changed_option(rules: Any, name: str, before: Mapping[str, object], after: Mapping[str, object]) -> str:
    """What setting an option did, as the table reads it: "set **rounds** to `3` (was `0`). <its help>"."""
    spec = next(s for s in rules.options if s.name == name.strip().lower())
    old, new = (option_text(o.get(spec.name, spec.default)) for o in (before, after))
    done = (
        f"left **{spec.name}** at `{new}`" if old == new else f"set **{spec.name}** to `{new}` (was `{old}`)"
    )
    return f"{done}. {spec.help}"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def place_name(number: int) -> str:
    """A seat as players say it: its place in the order of play ("second to play"), not "seat 2"."""
    return f"{ORDINALS[number - 1]} to play" if 0 < number <= len(ORDINALS) else f"number {number} to play"


def room(status: GameStatus) -> int:
    """The seats the game has (started) or will have (the lobby's capacity, else those who joined)."""
    return len(status.seats) if status.status != "lobby" else status.capacity or len(status.seats)


def seat_roles_lines(status: GameStatus, roles: list[str]) -> list[str]:
    """What each seat plays, for /game status (nothing for games whose seats are alike)."""
    if not roles:
        return []
    names = {s.seat: plain(s.name) for s in status.seats} if status.status != "lobby" else {}
    return ["", "**Seats and what they play:**"] + [
        f"{i + 1}. {role}" + (f": {names[i]}" if i in names else "") for i, role in enumerate(roles)
    ]


class LobbyCog(
    PlayersCommands,
    HistoryCommands,
    AnswersErrors,
    commands.GroupCog,
    group_name="game",
    group_description="Start, join and follow games",
):
    def __init__(self, host: Host) -> None:
        self.bot = host

    def _roles(self, status: GameStatus, seats: int) -> list[str]:
        return self.bot.games[status.ruleset].presenter.seat_roles(seats)

    async def cog_load(self) -> None:
        # Look-ups answer privately; their Show everyone button survives a restart (bot/cogs/share.py).
        add = getattr(self.bot, "add_dynamic_items", None)
        if add is not None:
            add(ShowButton, FollowAnswer, TakeSeat, SubAnswer, LogPageButton)

    @app_commands.command(description="Start a new game in this channel")
    @app_commands.describe(
        ruleset="which game",
        seats="how many players (the game starts when all have joined)",
        deadline_hours="hours per turn (default 24, or the server's default; 0: no deadline)",
        on_timeout="when a deadline passes: skip the turn safely (default) or let the AI play it",
        ai_level="how well the AI plays a missed turn or a seat handed to it (default: Normal)",
    )
    @app_commands.choices(on_timeout=TIMEOUT_CHOICES, ai_level=LEVEL_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str,
        seats: app_commands.Range[int, 2, 8] | None = None,
        deadline_hours: app_commands.Range[int, 0, 336] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        ai_level: app_commands.Choice[str] | None = None,
    ) -> None:
        rules = self.bot.service.rules(ruleset.strip().lower())
        if seats is not None and not rules.min_seats <= seats <= rules.max_seats:
            raise ServiceError(
                "seats", f"{rules.title} is for {rules.min_seats} to {rules.max_seats} players."
            )
        # What the host leaves out comes from the server's defaults (/mod defaults), else Warboard's own.
        asked = TurnSettings(
            deadline_hours,
            on_timeout.value if on_timeout else None,
            None,
            ai_level.value if ai_level else None,
        )
        server = (
            None
            if interaction.guild_id is None
            else await self.bot.store.guild_settings(interaction.guild_id)
        )
        settings, from_server = with_server_defaults(asked, server)
        if "ai_level" in from_server and settings.ai_level not in self.bot.games[rules.name].levels:
            # The server's level is one this game's AI does not have: the game's own default plays.
            settings, from_server = (
                replace(settings, ai_level=None),
                [n for n in from_server if n != "ai_level"],
            )
        deadline_hours = DEFAULT_TURN_HOURS if settings.turn_hours is None else settings.turn_hours
        status = await self.bot.service.create(
            interaction.channel_id or 0,
            interaction.user.id,
            display_name(interaction.user),
            rules.name,
            guild_id=interaction.guild_id,
            capacity=seats,
            turn_hours=deadline_hours,
            timeout_action=settings.timeout_action,
            ai_level=settings.ai_level,
            reminders=settings.reminders,
            server_defaults=from_server,
        )
        wanted = f" for {seats} players" if seats else ""
        if not deadline_hours:
            clock = "no turn deadline"
        elif status.rules_clock:  # the game's rules time its turns: its deadline setting goes unused
            clock = clock_text(status.rules_clock)
        else:
            clock = f"{deadline_hours} hours a turn"
        # A game of a set size begins by itself when its last seat is taken (the host holds the first):
        # "the host runs /game start" left a host setting options after the game had begun.
        begins = (
            f"it begins as soon as all {seats} seats are taken, so the host sets `/game options` and "
            "players claim seats with `/game seat` before then"
            if seats
            else "the host sets `/game options` and runs `/game start`"
        )
        await interaction.response.send_message(
            f"{shown(interaction.user)} opened game #{status.game_id}: **{status.title}**{wanted}, "
            f"{clock}. Join with `/game join`; {begins}."
        )

    async def _reliability(self, interaction: discord.Interaction) -> str:
        kept = await self.bot.store.reliability_of(interaction.guild_id or 0, [interaction.user.id])
        return f"Reliability: {reliability_text(kept.get(interaction.user.id, Reliability()))}."

    @new.autocomplete("ruleset")
    async def _ruleset_names(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        wanted = typed.strip().lower()
        return choices(
            [
                (f"{game.title} ({game.rules.min_seats}-{game.rules.max_seats} players)", name)
                for name, game in self.bot.games.items()
                if wanted in name or wanted in game.title.lower()
            ]
        )

    @app_commands.command(description="Stop your turn clock while you are away (14 days per game)")
    @app_commands.describe(days="days away, from now (0: you are back; unused time is returned)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 14]) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        change = await self.bot.service.vacation(game_id, interaction.user.id, days)
        await interaction.response.send_message(f"{shown(interaction.user)}: {change.message}")
        await self.bot.announcer.refresh_status(game_id)

    @app_commands.command(
        description="Questions on others' turns (your defence): answered for you, or ask you"
    )
    @app_commands.describe(choice="who answers what you are asked while another player plays their turn")
    @app_commands.choices(
        choice=[
            app_commands.Choice(
                name="answer for me (my standing orders, else the sensible default)", value="answer"
            ),
            app_commands.Choice(name="ask me (the turn waits for my answer)", value="ask"),
        ]
    )
    async def questions(self, interaction: discord.Interaction, choice: str) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        await self.bot.service.set_off_turn(game_id, interaction.user.id, choice)
        said = (
            "Questions on others' turns (your dice, casualties or battle line as a defender) are now "
            "answered for you at once, by your standing orders or the sensible default; all in the log."
            if choice == "answer"
            else "You will now be asked, privately, whenever you must decide something on another player's "
            "turn; the turn waits for you (up to its deadline)."
        )
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(description="Show or set this game's options before it starts")
    @app_commands.describe(name="the option to set", value="its new value")
    async def options(
        self, interaction: discord.Interaction, name: str | None = None, value: str | None = None
    ) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        if name is not None and name.strip().lower() in TABLE_OPTIONS:  # any time, not the rules'
            return await self.approval_option(interaction, game_id, name.strip().lower(), value)
        if name is not None:
            if value is None:
                raise ServiceError("no_value", f"Give a value for {name}.")
            moderator = await is_moderator(self.bot, interaction)
            before = (await self.bot.service.status(game_id)).options
            status = await self.bot.service.set_options(
                game_id, interaction.user.id, {name: value}, moderator=moderator
            )
            # The table is told the one change, in a line; the whole list is `/game options`'s, privately.
            said = changed_option(self.bot.service.rules(status.ruleset), name, before, status.options)
            await interaction.response.send_message(f"{shown(interaction.user)} {said}")
            return
        status = await self.bot.service.status(game_id)
        rules = self.bot.service.rules(status.ruleset)
        lines = [
            f"**{spec.name}** = `{option_text(status.options.get(spec.name, spec.default))}` "
            f"({spec.describe()}): {spec.help}"
            for spec in rules.options
        ]
        embed = discord.Embed(
            title=f"{status.title} options",
            description=clip("\n".join(lines), EMBED_DESCRIPTION),
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @options.autocomplete("name")
    async def _option_names(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        rules = await self._channel_rules(interaction)
        return [
            app_commands.Choice(name=clip(f"{s.name}: {s.help}", CHOICE_NAME), value=s.name)
            for s in (rules.options if rules else ())
            if typed.lower() in s.name
        ][:CHOICES]

    @options.autocomplete("value")
    async def _option_values(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        rules = await self._channel_rules(interaction)
        name = str(getattr(interaction.namespace, "name", "") or "")
        spec = next((s for s in (rules.options if rules else ()) if s.name == name), None)
        if spec is None:
            return []
        if spec.kind is bool:
            values = ["on", "off"]
        elif spec.choices:
            values = list(spec.choices)
        else:
            low, high = spec.minimum or 0, spec.maximum or 100
            values = [str(v) for v in range(low, high + 1)][:CHOICES]
        return [app_commands.Choice(name=v, value=v) for v in values if typed.lower() in v][:CHOICES]

    async def _channel_rules(self, interaction: discord.Interaction) -> Ruleset | None:
        found = await self.bot.service.channel_game(interaction.channel_id or 0)
        return None if found is None else self.bot.service.rules(found.game.ruleset)

    @app_commands.command(description="Join the game in this channel (or, as its host, seat an AI player)")
    @app_commands.describe(
        ai="the host seats an AI player instead of joining",
        level="how well that AI plays (default: Normal)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def join(
        self,
        interaction: discord.Interaction,
        ai: bool = False,
        level: app_commands.Choice[str] | None = None,
    ) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        if level is not None and not ai:
            raise ServiceError("level_for_ai", "A level is for an AI player: add `ai:True` to seat one.")
        before = await self.bot.service.status(game_id)
        who = shown(interaction.user)
        status = await self.bot.service.join(
            game_id,
            interaction.user.id,
            "" if ai else display_name(interaction.user),
            ai=ai,
            level=level.value if level else None,
        )
        if before.status != "lobby":  # a seat taken back from the AI
            back = f"{who} is back: their seat is theirs again, not the AI's."
            await interaction.response.send_message(back)
            await self.bot.announcer.refresh_status(game_id)
            return
        new_names = set(status.names) - set(before.names)  # the seats are drawn anew when it starts
        joined = plain(next(iter(new_names), "An AI player")) if ai else who
        text = f"{joined} joined game #{game_id} ({len(status.seats)} seated)."
        if not ai:  # what the table may want to know of a newcomer: do they play their turns?
            text += f" {await self._reliability(interaction)}"
        if status.status == "running":  # the lobby was full: the game started itself
            await interaction.response.send_message(text + " All seats are taken: the game begins!")
            await self._announce_start(interaction, game_id)
            return
        await interaction.response.send_message(text)

    @app_commands.command(description="Claim a seat number before the start (and what that seat plays)")
    @app_commands.describe(number="the seat to claim (0: give your claim up); unclaimed seats are drawn")
    async def seat(self, interaction: discord.Interaction, number: app_commands.Range[int, 0, 8]) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        status = await self.bot.service.claim_seat(game_id, interaction.user.id, number)
        who = shown(interaction.user)
        if not number:
            await interaction.response.send_message(f"{who} gave up their seat claim; their seat is drawn.")
            return
        roles = self._roles(status, status.capacity or len(status.seats))
        plays = f" ({roles[number - 1]})" if number <= len(roles) else ""
        order = ORDINALS[number - 1] if number <= len(ORDINALS) else f"number {number}"
        await interaction.response.send_message(
            f"{who} claimed the {order} place in the order of play{plays} in game #{game_id}."
        )

    @seat.autocomplete("number")
    async def _seat_numbers(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        game_id = await self.bot.service.game_in_channel(interaction.channel_id or 0)
        if game_id is None:
            return []
        status = await self.bot.service.status(game_id)
        rules = self.bot.service.rules(status.ruleset)
        menu = seat_menu(
            status, rules, self._roles(status, status.capacity or len(status.seats) or rules.max_seats)
        )
        return [
            app_commands.Choice(name=clip(label, CHOICE_NAME), value=number)
            for label, number in menu
            if typed.strip() in str(number)
        ][:CHOICES]

    @app_commands.command(description="Leave the game before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        await self.bot.service.leave(game_id, interaction.user.id)
        await interaction.response.send_message(f"{shown(interaction.user)} left game #{game_id}.")

    @app_commands.command(description="Start the game (host or moderator)")
    async def start(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        moderator = await is_moderator(self.bot, interaction)
        await self.bot.service.start(game_id, interaction.user.id, moderator=moderator)
        await interaction.response.defer()
        await self._announce_start(interaction, game_id)

    async def _announce_start(self, interaction: discord.Interaction, game_id: int) -> None:
        status = await self.bot.service.status(game_id)
        roles = self._roles(status, len(status.seats))
        order = ", ".join(
            f"{s.seat + 1}. {plain(s.name)}" + (f" ({roles[s.seat]})" if s.seat < len(roles) else "")
            for s in status.seats
        )
        await interaction.followup.send(
            f"Game #{game_id} has begun. Seat order (claims kept, the rest drawn with the game's dice): "
            f"{order}.\n{seal_line(status.seed_hash or '')}"
        )
        await announce_turn(self.bot, game_id)

    @app_commands.command(description="Where this game stands")
    async def status(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        status = await self.bot.service.status(game_id)
        lines = [status.summary(plain), *seat_roles_lines(status, self._roles(status, room(status)))]
        embed = discord.Embed(
            title=f"{status.title} · game #{game_id}", description=clip("\n".join(lines), 4000), colour=COLOUR
        )
        embed.set_footer(text=clip(turn_rules(status), 2048))  # each value from /mod defaults marked so
        await interaction.response.send_message(embed=embed, ephemeral=True, view=show_button())

    @app_commands.command(description="The board")
    async def map(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.bot, interaction)
        game_id = found.game.id
        if found.game.state is None:
            raise ServiceError("not_started", "The game has not started yet, so there is no board.")
        await interaction.response.defer(thinking=True, ephemeral=True)
        # The game as read once here, for the status, the marks and the board alike (all of one version).
        position = Position(found, self.bot.service.state_of(found.game))
        status = self.bot.service.status_of(position.found, position.state)
        # Marked on it: what changed since the asker's last turn (a spectator: what the status board
        # marks, and anything since).
        seat = next((s.seat for s in status.seats if s.user_id == interaction.user.id), None)
        if seat is not None:
            recent = (await self.bot.service.since_last_turn(game_id, seat, position)).events
        else:
            since = self.bot.announcer.status_marks_from(game_id)
            recent = (await self.bot.service.events_since(game_id, since, position)).events
        title = f"{status.title} · game #{game_id}"
        view = self.bot.games[status.ruleset].rules.view(position.state, None)
        board = await board_message(self.bot, game_id, title=title, recent=recent, shown=(status, view))
        await interaction.followup.send(
            embeds=board.embeds, files=board.files, ephemeral=True, view=show_button()
        )

    @app_commands.command(description="Take back your last move of this turn (no dice rolled since)")
    async def undo(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        before = await self.bot.service.status(game_id)
        result = await self.bot.service.undo(game_id, interaction.user.id)
        await interaction.response.send_message(plain(result.message))
        await self.bot.announcer.took_back(game_id, before.names)
        await moved_on(self.bot, game_id, before)

    @app_commands.command(description="Resign from the game (what happens to your pieces is the game's rule)")
    async def resign(self, interaction: discord.Interaction) -> None:
        game_id = (await channel_game(self.bot, interaction)).game.id
        before = await self.bot.service.status(game_id)
        await self.bot.service.resign(game_id, interaction.user.id)
        await interaction.response.defer()
        await interaction.followup.send(f"{shown(interaction.user)} resigned from game #{game_id}.")
        # The turn may pass on, the game end, or a teammate take over what the seat played.
        await moved_on(self.bot, game_id, before)

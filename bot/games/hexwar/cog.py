"""/hex: Hex war as slash commands. Setup steps (``place``, ``unit``, ``capital``) and submitting are
public moves, presented like every game's (``act_and_present``); writing, taking back and listing
orders are answered privately (``menus``), so no one sees another player's orders before the reveal.
Autocomplete offers hexes by the names players type, from what is legal now (``choices``); the engine
checks every order again. Loaded by the Discord app as this game's extension (``setup``)."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game, png_file, seat_of
from bot.cogs.game_cog import GameCog, offer, suggest
from bot.cogs.share import show_button
from bot.games.hexwar import choices as pick
from bot.games.hexwar.menus import DYNAMIC_ITEMS, reply_with_orders, send_orders_picture
from bot.games.hexwar.moves import act_many, last_round
from bot.games.hexwar.text import unit_table
from bot.models import ServiceError
from rules.hexwar.actions import (
    AimDefence,
    Bombard,
    BuildCity,
    Buy,
    BuyDefence,
    CancelOrder,
    Jump,
    Move,
    Order,
    PlaceCapital,
    PlaceHex,
    PlaceUnit,
    SubmitOrders,
)
from rules.hexwar.state import HexState

GAME = "hexwar"


class HexWarCog(GameCog, group_name="hex", group_description="Play Hex war in this channel"):
    game = GAME

    async def _write(self, interaction: discord.Interaction, make: Callable[[HexState, int], Order]) -> None:
        """An order (or a take-back): applied like any move, answered only to its writer."""
        found = await channel_game(self.host, interaction, GAME)
        if found.game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = seat_of(found, interaction.user.id)
        order = make(self.host.service.state_of(found.game), seat if seat is not None else 0)
        result = await self.host.service.act(found, interaction.user.id, order)
        await reply_with_orders(self.host, interaction, found.game.id, result)

    # ---- setup ------------------------------------------------------------------------------------

    @app_commands.command(description="Setup: place a hex from your hand on an empty cell beside the board")
    @app_commands.describe(kind="land, city, port or water (from your hand)", at="an empty cell, like C7")
    @app_commands.autocomplete(
        kind=suggest(lambda q: pick.hex_kinds(q.state, q.seat, q.typed)),
        at=suggest(lambda q: pick.free_cells(q.state, q.typed)),
    )
    async def place(self, interaction: discord.Interaction, kind: str, at: str) -> None:
        await self.act(interaction, PlaceHex(kind, at))

    @app_commands.command(description="Setup: place starting units on a land hex you own")
    @app_commands.describe(unit="inf, tank, hov or plane", at="your land hex", count="how many (default 1)")
    @app_commands.autocomplete(
        unit=suggest(lambda q: pick.starting_units(q.state, q.seat, q.typed)),
        at=suggest(lambda q: pick.own_land(q.state, q.seat, q.typed)),
    )
    async def unit(
        self,
        interaction: discord.Interaction,
        unit: str,
        at: str,
        count: app_commands.Range[int, 1, 23] = 1,
    ) -> None:
        await act_many(self.host, interaction, [PlaceUnit(unit, at)] * count)

    @app_commands.command(description="Setup: make one of your land hexes your capital")
    @app_commands.autocomplete(at=suggest(lambda q: pick.own_land(q.state, q.seat, q.typed)))
    async def capital(self, interaction: discord.Interaction, at: str) -> None:
        await self.act(interaction, PlaceCapital(at))

    # ---- orders (answered privately) ---------------------------------------------------------------

    @app_commands.command(description="Order: move units (a route within their move is found for you)")
    @app_commands.describe(
        source="where they are",
        target="where they go (an enemy hex: an attack)",
        unit="inf, jt, hov, tank, plane, frig or batt",
        count="how many (default: all free there)",
        cargo="hovercraft: the load each carries, like “inf inf” or “tank”",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.unit_sources(q.state, q.seat, q.typed)),
        unit=suggest(lambda q: pick.units_at(q.state, q.seat, q.option("from"), q.typed)),
        target=suggest(
            lambda q: pick.move_targets(q.state, q.seat, q.option("from"), q.option("unit"), q.typed)
        ),
        cargo=suggest(lambda q: pick.cargo_loads(q.state, q.seat, q.option("from"), q.typed)),
    )
    async def move(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        unit: str,
        count: app_commands.Range[int, 1, 999] | None = None,
        cargo: str | None = None,
    ) -> None:
        load = pick.parse_cargo(cargo)
        await self._write(
            interaction,
            lambda state, seat: Move(
                source, target, unit, count or pick.default_count(state, seat, source, unit, load), load
            ),
        )

    @app_commands.command(description="Order: jump troops' one-time jump, up to 3 hexes onto enemy land")
    @app_commands.describe(count="how many (default: all free there)")
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.jump_sources(q.state, q.seat, q.typed)),
        target=suggest(lambda q: pick.jump_to(q.state, q.seat, q.option("from"), q.typed)),
    )
    async def jump(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        count: app_commands.Range[int, 1, 999] | None = None,
    ) -> None:
        await self._write(
            interaction,
            lambda state, seat: Jump(source, target, count or pick.default_count(state, seat, source, "jt")),
        )

    @app_commands.command(description="Order: ships bombard a land hex beside their water hex")
    @app_commands.describe(
        source="the ships' water hex", target="the shore", unit="frig or batt", count="default: all free"
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.ship_sources(q.state, q.seat, q.typed)),
        target=suggest(lambda q: pick.shore_targets(q.state, q.seat, q.option("from"), q.typed)),
        unit=suggest(lambda q: pick.units_at(q.state, q.seat, q.option("from"), q.typed)),
    )
    async def bombard(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        unit: str,
        count: app_commands.Range[int, 1, 999] | None = None,
    ) -> None:
        await self._write(
            interaction,
            lambda state, seat: Bombard(
                source, target, unit, count or pick.default_count(state, seat, source, unit)
            ),
        )

    @app_commands.command(
        description="Order: buy units, placed at the round's end in a city you held a round"
    )
    @app_commands.describe(at="a city or capital you have held a full round (ships: water by a port)")
    @app_commands.autocomplete(
        unit=suggest(lambda q: pick.affordable(q.state, q.seat, q.typed)),
        at=suggest(lambda q: pick.buy_places(q.state, q.seat, q.option("unit"), q.typed)),
    )
    async def buy(
        self, interaction: discord.Interaction, unit: str, count: app_commands.Range[int, 1, 999], at: str
    ) -> None:
        await self._write(interaction, lambda state, seat: Buy(unit, count, at))

    @app_commands.command(
        description="Order: buy a defence (ground, air or water) for one of your cities (7)"
    )
    @app_commands.describe(aim="the unit type it fires at (default: tanks, planes or battleships)")
    @app_commands.autocomplete(
        at=suggest(lambda q: pick.defence_cities(q.state, q.seat, q.typed)),
        kind=offer(lambda q: pick.defence_kinds(q.typed)),
        aim=offer(lambda q: pick.aims(q.option("kind"), q.typed)),
    )
    async def defence(
        self, interaction: discord.Interaction, at: str, kind: str, aim: str | None = None
    ) -> None:
        await self._write(interaction, lambda state, seat: BuyDefence(at, kind, aim or ""))

    @app_commands.command(description="Order: announce the unit type a defence of your city fires at")
    @app_commands.autocomplete(
        at=suggest(lambda q: pick.defence_cities(q.state, q.seat, q.typed, built=True)),
        kind=offer(lambda q: pick.defence_kinds(q.typed)),
        aim=offer(lambda q: pick.aims(q.option("kind"), q.typed)),
    )
    async def aim(self, interaction: discord.Interaction, at: str, kind: str, aim: str) -> None:
        await self._write(interaction, lambda state, seat: AimDefence(at, kind, aim))

    @app_commands.command(description="Order: buy a city on your plain land (10 now and in each of 2 rounds)")
    @app_commands.autocomplete(at=suggest(lambda q: pick.city_sites(q.state, q.seat, q.typed)))
    async def city(self, interaction: discord.Interaction, at: str) -> None:
        await self._write(interaction, lambda state, seat: BuildCity(at))

    @app_commands.command(description="Take back one of your orders this round (by its number)")
    async def cancel(self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 999]) -> None:
        found = await channel_game(self.host, interaction, GAME)
        result = await self.host.service.act(found, interaction.user.id, CancelOrder(number))
        await reply_with_orders(self.host, interaction, found.game.id, result)

    @cancel.autocomplete("number")
    async def _cancel_number(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        asked = await self.asking(interaction, typed)
        if asked is None:
            return []
        listed = pick.written_orders(asked.state, asked.seat, typed)
        return [app_commands.Choice(name=label[:100], value=int(value)) for label, value in listed[:25]]

    @app_commands.command(
        description="Your orders this round, listed and drawn on the board (only you see them)"
    )
    async def orders(self, interaction: discord.Interaction) -> None:
        await send_orders_picture(self.host, interaction, await channel_game(self.host, interaction, GAME))

    @app_commands.command(description="Hand in your orders for the round (they stand until it resolves)")
    @app_commands.describe(hold="drop the orders you wrote and hold instead")
    async def submit(self, interaction: discord.Interaction, hold: bool = False) -> None:
        await self.act(interaction, SubmitOrders(hold))

    # ---- looking ----------------------------------------------------------------------------------

    @app_commands.command(description="The last round's resolution: every move and battle on the board")
    async def round(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        game = found.game
        if game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        events = await last_round(self.host, game.id, game.status == "ended")
        if not events:
            raise ServiceError("no_round", "No round has been resolved yet.")
        # A look-up, as /game map is: the asker's alone, with Show everyone (a public post by anyone who
        # wanted another look filled the channel).
        await interaction.response.defer(thinking=True, ephemeral=True)
        view = await self.host.service.view(game.id)
        names = [s.name for s in found.seats]
        picture = await png_file(
            self.host.games[GAME].pictures.battle, view, events, names, filename="round.png"
        )
        embed = discord.Embed(title="The last round, resolved", colour=COLOUR)
        embed.set_image(url="attachment://round.png")
        await interaction.followup.send(embed=embed, file=picture, ephemeral=True, view=show_button())

    @app_commands.command(description="The unit table: attack, move, cost and what each unit does")
    async def units(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Hex war units", description=unit_table(), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``); the order buttons are
    registered as dynamic items so that they answer after a restart."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(HexWarCog(bot))  # type: ignore[arg-type]

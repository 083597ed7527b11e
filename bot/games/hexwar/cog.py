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

from bot.cogs.common import COLOUR, channel_game, choices, handle_error, png_file, running_game, seat_of
from bot.cogs.moves import act_and_present
from bot.games.hexwar import choices as pick
from bot.games.hexwar.menus import DYNAMIC_ITEMS, reply_with_orders, send_orders_picture
from bot.games.hexwar.moves import act_many, last_round
from bot.games.hexwar.text import unit_table
from bot.host import Host
from bot.models import ServiceError
from rules.core.events import Action
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
Suggest = Callable[[HexState, int], list[pick.Choice]]


def _typed(interaction: discord.Interaction, name: str) -> str:
    return str(getattr(interaction.namespace, name, "") or "")


class HexWarCog(commands.GroupCog, group_name="hex", group_description="Play Hex war in this channel"):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _act(self, interaction: discord.Interaction, action: Action) -> None:
        await act_and_present(self.host, interaction, GAME, action)

    async def _write(self, interaction: discord.Interaction, make: Callable[[HexState, int], Order]) -> None:
        """An order (or a take-back): applied like any move, answered only to its writer."""
        found = await channel_game(self.host, interaction, GAME)
        if found.game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = seat_of(found, interaction.user.id)
        order = make(self.host.service.state_of(found.game), seat if seat is not None else 0)
        result = await self.host.service.act(found, interaction.user.id, order)
        await reply_with_orders(self.host, interaction, found.game.id, result)

    async def _suggest(
        self, interaction: discord.Interaction, suggest: Suggest
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from the game's state and the user's seat (nothing for a spectator)."""
        found = await running_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id) if found else None
        if found is None or seat is None:
            return []
        return choices(suggest(self.host.service.state_of(found.game), seat))

    # ---- setup ------------------------------------------------------------------------------------

    @app_commands.command(description="Setup: place a hex from your hand on an empty cell beside the board")
    @app_commands.describe(kind="land, city, port or water (from your hand)", at="an empty cell, like C7")
    async def place(self, interaction: discord.Interaction, kind: str, at: str) -> None:
        await self._act(interaction, PlaceHex(kind, at))

    @place.autocomplete("kind")
    async def _place_kind(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.hex_kinds(state, seat, typed))

    @place.autocomplete("at")
    async def _place_at(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.free_cells(state, typed))

    @app_commands.command(description="Setup: place starting units on a land hex you own")
    @app_commands.describe(unit="inf, tank, hov or plane", at="your land hex", count="how many (default 1)")
    async def unit(
        self,
        interaction: discord.Interaction,
        unit: str,
        at: str,
        count: app_commands.Range[int, 1, 23] = 1,
    ) -> None:
        await act_many(self.host, interaction, [PlaceUnit(unit, at)] * count)

    @unit.autocomplete("unit")
    async def _unit_unit(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.starting_units(state, seat, typed))

    @unit.autocomplete("at")
    async def _unit_at(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.own_land(state, seat, typed))

    @app_commands.command(description="Setup: make one of your land hexes your capital")
    async def capital(self, interaction: discord.Interaction, at: str) -> None:
        await self._act(interaction, PlaceCapital(at))

    @capital.autocomplete("at")
    async def _capital_at(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.own_land(state, seat, typed))

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

    @move.autocomplete("source")
    async def _move_from(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.unit_sources(state, seat, typed))

    @move.autocomplete("unit")
    async def _move_unit(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(interaction, lambda state, seat: pick.units_at(state, seat, source, typed))

    @move.autocomplete("target")
    async def _move_to(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        source, unit = _typed(interaction, "from"), _typed(interaction, "unit")
        return await self._suggest(
            interaction, lambda state, seat: pick.move_targets(state, seat, source, unit, typed)
        )

    @move.autocomplete("cargo")
    async def _move_cargo(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(
            interaction, lambda state, seat: pick.cargo_loads(state, seat, source, typed)
        )

    @app_commands.command(description="Order: jump troops' one-time jump, up to 3 hexes onto enemy land")
    @app_commands.describe(count="how many (default: all free there)")
    @app_commands.rename(source="from", target="to")
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

    @jump.autocomplete("source")
    async def _jump_from(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.jump_sources(state, seat, typed))

    @jump.autocomplete("target")
    async def _jump_to(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(interaction, lambda state, seat: pick.jump_to(state, seat, source, typed))

    @app_commands.command(description="Order: ships bombard a land hex beside their water hex")
    @app_commands.describe(
        source="the ships' water hex", target="the shore", unit="frig or batt", count="default: all free"
    )
    @app_commands.rename(source="from", target="to")
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

    @bombard.autocomplete("source")
    async def _bombard_from(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.ship_sources(state, seat, typed))

    @bombard.autocomplete("target")
    async def _bombard_to(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(
            interaction, lambda state, seat: pick.shore_targets(state, seat, source, typed)
        )

    @bombard.autocomplete("unit")
    async def _bombard_unit(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(interaction, lambda state, seat: pick.units_at(state, seat, source, typed))

    @app_commands.command(
        description="Order: buy units, placed at the round's end in a city you held a round"
    )
    @app_commands.describe(at="a city or capital you have held a full round (ships: water by a port)")
    async def buy(
        self, interaction: discord.Interaction, unit: str, count: app_commands.Range[int, 1, 999], at: str
    ) -> None:
        await self._write(interaction, lambda state, seat: Buy(unit, count, at))

    @buy.autocomplete("unit")
    async def _buy_unit(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.affordable(state, seat, typed))

    @buy.autocomplete("at")
    async def _buy_at(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        unit = _typed(interaction, "unit")
        return await self._suggest(interaction, lambda state, seat: pick.buy_places(state, seat, unit, typed))

    @app_commands.command(
        description="Order: buy a defence (ground, air or water) for one of your cities (7)"
    )
    @app_commands.describe(aim="the unit type it fires at (default: tanks, planes or battleships)")
    async def defence(
        self, interaction: discord.Interaction, at: str, kind: str, aim: str | None = None
    ) -> None:
        await self._write(interaction, lambda state, seat: BuyDefence(at, kind, aim or ""))

    @defence.autocomplete("at")
    async def _defence_at(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.defence_cities(state, seat, typed))

    @defence.autocomplete("kind")
    async def _defence_kind(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return choices(pick.defence_kinds(typed))

    @defence.autocomplete("aim")
    async def _defence_aim(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return choices(pick.aims(_typed(interaction, "kind"), typed))

    @app_commands.command(description="Order: announce the unit type a defence of your city fires at")
    async def aim(self, interaction: discord.Interaction, at: str, kind: str, aim: str) -> None:
        await self._write(interaction, lambda state, seat: AimDefence(at, kind, aim))

    @aim.autocomplete("at")
    async def _aim_at(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(
            interaction, lambda state, seat: pick.defence_cities(state, seat, typed, built=True)
        )

    @aim.autocomplete("kind")
    async def _aim_kind(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return choices(pick.defence_kinds(typed))

    @aim.autocomplete("aim")
    async def _aim_aim(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return choices(pick.aims(_typed(interaction, "kind"), typed))

    @app_commands.command(description="Order: buy a city on your plain land (10 now and in each of 2 rounds)")
    async def city(self, interaction: discord.Interaction, at: str) -> None:
        await self._write(interaction, lambda state, seat: BuildCity(at))

    @city.autocomplete("at")
    async def _city_at(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.city_sites(state, seat, typed))

    @app_commands.command(description="Take back one of your orders this round (by its number)")
    async def cancel(self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 999]) -> None:
        found = await channel_game(self.host, interaction, GAME)
        result = await self.host.service.act(found, interaction.user.id, CancelOrder(number))
        await reply_with_orders(self.host, interaction, found.game.id, result)

    @cancel.autocomplete("number")
    async def _cancel_number(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        found = await running_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id) if found else None
        if found is None or seat is None:
            return []
        listed = pick.written_orders(self.host.service.state_of(found.game), seat, typed)
        return [app_commands.Choice(name=label[:100], value=int(value)) for label, value in listed[:25]]

    @app_commands.command(
        description="Your orders this round, listed and drawn on the board (only you see them)"
    )
    async def orders(self, interaction: discord.Interaction) -> None:
        await send_orders_picture(self.host, interaction, await channel_game(self.host, interaction, GAME))

    @app_commands.command(description="Hand in your orders for the round (they stand until it resolves)")
    @app_commands.describe(hold="drop the orders you wrote and hold instead")
    async def submit(self, interaction: discord.Interaction, hold: bool = False) -> None:
        await self._act(interaction, SubmitOrders(hold))

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
        await interaction.response.defer(thinking=True)
        view = await self.host.service.view(game.id)
        names = [s.name for s in found.seats]
        picture = await png_file(
            self.host.games[GAME].pictures.battle, view, events, names, filename="round.png"
        )
        embed = discord.Embed(title="The last round, resolved", colour=COLOUR)
        embed.set_image(url="attachment://round.png")
        await interaction.followup.send(embed=embed, file=picture)

    @app_commands.command(description="The unit table: attack, move, cost and what each unit does")
    async def units(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Hex war units", description=unit_table(), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``); the order buttons are
    registered as dynamic items so that they answer after a restart."""
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(HexWarCog(bot))  # type: ignore[arg-type]

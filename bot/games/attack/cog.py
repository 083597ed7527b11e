"""/atk: Attack! moves as slash commands, one per action (move, blitz, navigate, transport, negotiate,
build, research, burn) and per battle decision (deploy, lineup, retreat, fight), plus the setup
choices, pass, end and the private hand. Each handler finds the channel's game, turns the options into
the engine's actions (``orders.py``: an action command with its details begins the action and takes its
first step, two moves in one command) and presents the result; autocomplete comes from what is legal now
(``choices.py``). Loaded by the Discord app as this game's extension (``setup``), with the menus."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game, choices, handle_error, png_file, running_game, seat_of
from bot.cogs.moves import ACK_SECONDS, present_move
from bot.games.attack import choices as pick
from bot.games.attack import orders
from bot.games.attack.menus import DYNAMIC_ITEMS, send_menu
from bot.games.attack.presenter import PRESENTER
from bot.games.attack.units import parse_forces, parse_lineup, parse_ships, parse_troops
from bot.host import Host
from bot.models import ActResult, ServiceError
from bot.store import GameAndSeats
from rules.attack.actions import (
    Burn,
    ChooseDirection,
    ChooseGovernment,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    Negotiate,
    Pass,
    PlaceCapital,
    Retreat,
)
from rules.attack.state import AttackState
from rules.core.errors import IllegalAction
from rules.core.events import Action

GAME = "attack"
Plan = Callable[[AttackState, int], Sequence[Action]]
Suggest = Callable[[AttackState, int], list[tuple[str, str]]]


def _typed(interaction: discord.Interaction, name: str) -> str:
    return str(getattr(interaction.namespace, name, "") or "")


class AttackCog(commands.GroupCog, group_name="atk", group_description="Play Attack! in this channel"):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    # ---- playing ----------------------------------------------------------------------------------

    async def _play(self, interaction: discord.Interaction, plan: Plan) -> None:
        """Turn the command into actions from the game as it stands, apply them in order, present them."""
        found = await channel_game(self.host, interaction, GAME)
        if found.game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = seat_of(found, interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player", "You are not playing in this game.")
        actions = list(plan(self.host.service.state_of(found.game), seat))
        await act_all(self.host, interaction, found, actions)

    async def _suggest(
        self, interaction: discord.Interaction, suggest: Suggest
    ) -> list[app_commands.Choice[str]]:
        found = await running_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id) if found else None
        if found is None or seat is None:
            return []
        return choices(suggest(self.host.service.state_of(found.game), seat))

    # ---- setting up -------------------------------------------------------------------------------

    @app_commands.command(description="Setup: choose your government and your starting economics card")
    @app_commands.describe(
        government="fascism, communism, monarchy or democracy",
        economics="minerals or rail (communism: factories too)",
    )
    async def government(self, interaction: discord.Interaction, government: str, economics: str) -> None:
        await self._play(
            interaction, lambda s, seat: [ChooseGovernment(government.lower(), economics.lower())]
        )

    @government.autocomplete("government")
    async def _government(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.governments(s, seat, typed))

    @government.autocomplete("economics")
    async def _economics(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        chosen = _typed(interaction, "government")
        return await self._suggest(interaction, lambda s, seat: pick.economics(s, seat, chosen, typed))

    @app_commands.command(
        description="Setup: your capital, and up to two neighbouring regions for your armies"
    )
    @app_commands.describe(
        region="on a sea zone, outside the Arctic Circle", outposts="up to two neighbours, comma-separated"
    )
    async def capital(
        self, interaction: discord.Interaction, region: str, outposts: str | None = None
    ) -> None:
        named = tuple(p.strip() for p in (outposts or "").split(",") if p.strip())
        await self._play(interaction, lambda s, seat: [PlaceCapital(region, named)])

    @capital.autocomplete("region")
    async def _capital(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.capitals(s, seat, typed))

    @capital.autocomplete("outposts")
    async def _outposts(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        region = _typed(interaction, "region")
        return await self._suggest(interaction, lambda s, seat: pick.outposts(s, seat, region, typed))

    @app_commands.command(
        description="You start the year: play goes clockwise (up the seats) or counterclockwise"
    )
    async def direction(self, interaction: discord.Interaction, clockwise: bool) -> None:
        await self._play(interaction, lambda s, seat: [ChooseDirection(clockwise)])

    # ---- the season's action ----------------------------------------------------------------------

    @app_commands.command(description="Move: army units one region each (into a hostile one: a battle)")
    @app_commands.describe(
        source="from (one of your regions)",
        target="to (next door)",
        units="e.g. 3 infantry, 1 tank (default: all free)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    async def move(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(interaction, self._marching("move", source, target, units, card))

    @app_commands.command(description="Transport: army units between your regions, through your own regions")
    @app_commands.describe(
        source="from (one of your regions)",
        target="to (one of your regions)",
        units="e.g. 3 infantry (default: all free)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    async def transport(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(interaction, self._marching("transport", source, target, units, card))

    @app_commands.command(
        description="Blitz one hostile region: units next door, tanks and planes from further"
    )
    @app_commands.describe(
        target="the one hostile region this Blitz attacks",
        source="send units from",
        units="e.g. 2 tanks, 1 plane (default: all that may go)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from")
    async def blitz(
        self,
        interaction: discord.Interaction,
        target: str,
        source: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        def plan(state: AttackState, seat: int) -> list[Action]:
            chosen = orders.card_id(state, seat, card)
            step = None
            if source:
                troops = parse_troops(units) if units else None
                step = orders.march(state, seat, "blitz", source, target, troops, chosen, target)
            return orders.begin(state, seat, "blitz", chosen, step, target)

        await self._play(interaction, plan)

    @app_commands.command(
        description="In your Move, Blitz or Transport: send army units from one region to another"
    )
    @app_commands.describe(
        source="from", target="to", units="e.g. 3 infantry, 1 tank (default: all that may go)"
    )
    @app_commands.rename(source="from", target="to")
    async def march(
        self, interaction: discord.Interaction, source: str, target: str, units: str | None = None
    ) -> None:
        await self._play(interaction, self._marching("march", source, target, units, None))

    def _marching(
        self, kind: str, source: str | None, target: str | None, units: str | None, card: str | None
    ) -> Plan:
        def plan(state: AttackState, seat: int) -> list[Action]:
            chosen = orders.card_id(state, seat, card)
            if bool(source) != bool(target):
                raise ServiceError(
                    "from_and_to", "Name both where the units go from and where to (or neither, to begin)."
                )
            step = None
            if source and target:
                troops = parse_troops(units) if units else None
                step = orders.march(state, seat, kind, source, target, troops, chosen)
            if kind == "march":
                if step is None:
                    raise ServiceError("from_and_to", "Name where the units go from and where to.")
                turn = state.turn
                if turn is None or turn.seat != seat or turn.kind not in orders.MARCHING:
                    raise ServiceError(
                        "begin_first",
                        "Begin a Move, Blitz or Transport first (/atk move, /atk blitz, /atk transport).",
                    )
                return [step]
            return orders.begin(state, seat, kind, chosen, step)

        return plan

    @app_commands.command(description="Navigate: ships through up to two sea zones, carrying armies")
    @app_commands.describe(
        source="a coastline of yours, or a sea zone your ships hold",
        target="a sea zone, or a region to land on",
        ships="e.g. 2 destroyers (default: the fleet there)",
        army="armies to carry, e.g. 2 infantry (or none)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    async def navigate(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        ships: str | None = None,
        army: str | None = None,
        card: str | None = None,
    ) -> None:
        def plan(state: AttackState, seat: int) -> list[Action]:
            chosen = orders.card_id(state, seat, card)
            step = None
            if source and target:
                fleet = parse_ships(ships) if ships else None
                troops = parse_troops(army) if army else None
                step = orders.sail(state, seat, source, target, fleet, troops, chosen)
            elif source or target:
                raise ServiceError("from_and_to", "Name both where the ships sail from and where to.")
            return orders.begin(state, seat, "navigate", chosen, step)

        await self._play(interaction, plan)

    @app_commands.command(description="Build: collect the year's income at your first Build, then buy units")
    @app_commands.describe(
        region="where (joined to your capital); ships go on its coastline",
        units="e.g. 3 infantry, 1 tank, 1 destroyer",
        card="an action card to play with it",
    )
    async def build(
        self,
        interaction: discord.Interaction,
        region: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        def plan(state: AttackState, seat: int) -> list[Action]:
            chosen = orders.card_id(state, seat, card)
            step = None
            if region:
                army, navy = parse_forces(units)
                step = orders.buy(state, region, army, navy)
            return orders.begin(state, seat, "build", chosen, step)

        await self._play(interaction, plan)

    @app_commands.command(
        description="Negotiate: draw an action card and offer terms to a neighbouring neutral"
    )
    @app_commands.describe(
        region="a neutral region next to yours (or none: only draw a card)", card="Diplomacy makes it free"
    )
    async def negotiate(
        self, interaction: discord.Interaction, region: str | None = None, card: str | None = None
    ) -> None:
        await self._play(interaction, lambda s, seat: [Negotiate(region, orders.card_id(s, seat, card))])

    @app_commands.command(
        description="Research: the next level of an economics suit, scrapping units worth its cost"
    )
    @app_commands.describe(
        suit="factories, minerals, oil, rail or population",
        region="where the units are scrapped",
        units="army units to scrap (default: the cheapest that pay)",
        ships="ships to scrap from its coastline",
        card="Breakthrough halves the cost",
    )
    async def research(
        self,
        interaction: discord.Interaction,
        suit: str,
        region: str,
        units: str | None = None,
        ships: str | None = None,
        card: str | None = None,
    ) -> None:
        def plan(state: AttackState, seat: int) -> list[Action]:
            chosen = orders.card_id(state, seat, card)
            army = parse_troops(units) if units is not None else None
            navy = parse_ships(ships) if ships is not None else None
            if army is not None or navy is not None:
                return [
                    orders.research(
                        state,
                        seat,
                        suit,
                        region,
                        army or parse_troops(None),
                        navy or parse_ships(None),
                        chosen,
                    )
                ]
            return [orders.research(state, seat, suit, region, None, None, chosen)]

        await self._play(interaction, plan)

    @app_commands.command(
        description="Winter: burn 5 oil certificates, or an oil marker of yours, for an action"
    )
    @app_commands.describe(oil_marker="burn this region's oil marker instead of certificates")
    async def burn(self, interaction: discord.Interaction, oil_marker: str | None = None) -> None:
        await self._play(interaction, lambda s, seat: [Burn(oil_marker)])

    @app_commands.command(name="pass", description="Take no action this season")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, lambda s, seat: [Pass()])

    @app_commands.command(description="End your action (its battles are fought now)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, lambda s, seat: [EndAction()])

    # ---- battles ----------------------------------------------------------------------------------

    @app_commands.command(
        description="Army battle: your line (first deploy) or the units you add (re-deploy)"
    )
    @app_commands.describe(units="e.g. 2 infantry, 1 tank, 1 plane; leave empty for a menu")
    async def deploy(self, interaction: discord.Interaction, units: str | None = None) -> None:
        if units:
            await self._play(interaction, lambda s, seat: [Deploy(parse_troops(units))])
            return
        found = await channel_game(self.host, interaction, GAME)
        await send_menu(self.host, interaction, found.game.id, "deploy")

    @app_commands.command(
        description="Navy battle: your ships' cards, left to right (secret until both are set)"
    )
    @app_commands.describe(ships="e.g. destroyer, submarine, carrier; leave empty for a private menu")
    async def lineup(self, interaction: discord.Interaction, ships: str | None = None) -> None:
        if ships:
            await self._play(interaction, lambda s, seat: [LineUp(parse_lineup(ships))])
            return
        found = await channel_game(self.host, interaction, GAME)
        await send_menu(self.host, interaction, found.game.id, "lineup")

    @app_commands.command(description="Navy battle, after a round: take your ships out of the battle")
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, lambda s, seat: [Retreat()])

    @app_commands.command(description="Navy battle, after a round: stay and set new line-ups")
    async def fight(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, lambda s, seat: [FightOn()])

    # ---- looking ----------------------------------------------------------------------------------

    @app_commands.command(description="Your action cards and secret line-up (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        view = await self.host.service.view(found.game.id, interaction.user.id)
        if view.hand is None:
            raise ServiceError("not_a_player", "You are not playing in this game, so you hold no cards.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = PRESENTER.private_text(view) or "You hold no action cards."
        embed = discord.Embed(title="Your hand", description=text, colour=COLOUR)
        names = [s.name for s in found.seats]
        file = await png_file(self.host.games[GAME].pictures.private, view, names, filename="hand.png")
        embed.set_image(url="attachment://hand.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    # ---- autocomplete -----------------------------------------------------------------------------

    @move.autocomplete("source")
    async def _move_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.march_sources(s, seat, "move", typed))

    @move.autocomplete("target")
    async def _move_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_targets(s, seat, "move", source, typed)
        )

    @move.autocomplete("units")
    async def _move_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source, target = _typed(interaction, "from"), _typed(interaction, "to")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_units(s, seat, "move", source, target, typed)
        )

    @transport.autocomplete("source")
    async def _transport_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(
            interaction, lambda s, seat: pick.march_sources(s, seat, "transport", typed)
        )

    @transport.autocomplete("target")
    async def _transport_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_targets(s, seat, "transport", source, typed)
        )

    @transport.autocomplete("units")
    async def _transport_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source, target = _typed(interaction, "from"), _typed(interaction, "to")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_units(s, seat, "transport", source, target, typed)
        )

    @blitz.autocomplete("target")
    async def _blitz_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.blitz_targets(s, seat, typed))

    @blitz.autocomplete("source")
    async def _blitz_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        target = _typed(interaction, "target")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_sources(s, seat, "blitz", typed, target or None)
        )

    @blitz.autocomplete("units")
    async def _blitz_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source, target = _typed(interaction, "from"), _typed(interaction, "target")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_units(s, seat, "blitz", source, "", typed, target or None)
        )

    @march.autocomplete("source")
    async def _march_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.march_sources(s, seat, _kind(s), typed))

    @march.autocomplete("target")
    async def _march_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_targets(s, seat, _kind(s), source, typed)
        )

    @march.autocomplete("units")
    async def _march_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source, target = _typed(interaction, "from"), _typed(interaction, "to")
        return await self._suggest(
            interaction, lambda s, seat: pick.march_units(s, seat, _kind(s), source, target, typed)
        )

    @navigate.autocomplete("source")
    async def _sail_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.sail_sources(s, seat, typed))

    @navigate.autocomplete("target")
    async def _sail_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(interaction, lambda s, seat: pick.sail_targets(s, seat, source, typed))

    @navigate.autocomplete("ships")
    async def _sail_ships(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(interaction, lambda s, seat: pick.sail_ships(s, seat, source, typed))

    @navigate.autocomplete("army")
    async def _sail_army(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = _typed(interaction, "from")
        return await self._suggest(interaction, lambda s, seat: pick.sail_army(s, seat, source, typed))

    @build.autocomplete("region")
    async def _build_region(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.build_regions(s, seat, typed))

    @build.autocomplete("units")
    async def _build_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        region = _typed(interaction, "region")
        return await self._suggest(interaction, lambda s, seat: pick.build_units(s, seat, region, typed))

    @negotiate.autocomplete("region")
    async def _negotiate_region(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.negotiable(s, seat, typed))

    @research.autocomplete("suit")
    async def _research_suit(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.research_suits(s, seat, typed))

    @research.autocomplete("region")
    async def _research_region(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        suit = _typed(interaction, "suit")
        return await self._suggest(interaction, lambda s, seat: pick.research_regions(s, seat, suit, typed))

    @burn.autocomplete("oil_marker")
    async def _burn_marker(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.oil_markers(s, seat, typed))

    @deploy.autocomplete("units")
    async def _deploy_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.deploy_lines(s, seat, typed))

    @lineup.autocomplete("ships")
    async def _lineup_ships(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.lineups(s, seat, typed))

    @move.autocomplete("card")
    async def _move_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "move", typed))

    @transport.autocomplete("card")
    async def _transport_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "transport", typed))

    @blitz.autocomplete("card")
    async def _blitz_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "blitz", typed))

    @navigate.autocomplete("card")
    async def _navigate_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "navigate", typed))

    @build.autocomplete("card")
    async def _build_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "build", typed))

    @negotiate.autocomplete("card")
    async def _negotiate_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "negotiate", typed))

    @research.autocomplete("card")
    async def _research_card(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat: pick.cards(s, seat, "research", typed))


def _kind(state: AttackState) -> str:
    turn = state.turn
    return turn.kind if turn is not None and turn.kind in orders.MARCHING else "move"


def merged(results: Sequence[ActResult]) -> ActResult:
    """Several moves of one command as one outcome: the last one's position, everyone's events."""
    last = results[-1]
    return replace(
        last,
        events=tuple(e for r in results for e in r.events),
        public_events=tuple(e for r in results for e in r.public_events),
        lines=tuple(line for r in results for line in r.lines),
        turn_changed=any(r.turn_changed for r in results),
    )


async def act_all(
    host: Host, interaction: discord.Interaction, found: GameAndSeats, actions: Sequence[Action]
) -> None:
    """Apply ``actions`` in order for the player (each is a move of its own: the engine judges each), then
    present them as one. If a later one is refused, what was done is shown, then the refusal."""
    game_id = found.game.id
    results: list[ActResult] = []
    refusal: ServiceError | IllegalAction | None = None
    for action in actions:
        try:
            results.append(
                await host.service.act(found if not results else game_id, interaction.user.id, action)
            )
        except (ServiceError, IllegalAction) as error:
            if not results:
                raise
            refusal = error
            break
    patience = ACK_SECONDS - (discord.utils.utcnow() - interaction.created_at).total_seconds()
    async with host.turns.hold(
        game_id, patience=min(patience, ACK_SECONDS), meanwhile=interaction.response.defer
    ):
        if not interaction.response.is_done():
            await interaction.response.defer()
        await present_move(host, interaction, game_id, merged(results))
    if refusal is not None:
        await interaction.followup.send(refusal.message, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(AttackCog(bot))  # type: ignore[arg-type]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)


__all__ = ["AttackCog", "act_all", "setup"]

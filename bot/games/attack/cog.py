"""/atk: Attack! moves as slash commands, one per action (move, blitz, navigate, transport, negotiate,
build, research, burn) and per battle decision (deploy, lineup, retreat, fight), plus the setup
choices, pass, end and the private hand. Each handler finds the channel's game, turns the options into
the engine's one action (``commands.py`` over ``orders.py``: an action command with its details begins
the action and takes its first step, one ``Begin`` the engine applies or refuses whole) and presents the
result; each option's autocomplete, beside its command, comes from what is legal now (``choices.py``).
Loaded by the Discord app as this game's extension (``setup``), with the menus."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import channel_game, seat_of
from bot.cogs.game_cog import GameCog, suggest
from bot.games.attack import choices as pick
from bot.games.attack.acting import prompt_decision
from bot.games.attack.commands import plan
from bot.games.attack.menus import DYNAMIC_ITEMS, send_menu
from bot.games.attack.orders import MARCHING
from bot.games.attack.presenter import PRESENTER
from bot.models import ServiceError
from rules.attack.state import AttackState
from rules.core.events import Action

GAME = "attack"
# Two named choices, not a yes/no: the player picks a direction, never "clockwise: False".
DIRECTIONS = [
    app_commands.Choice(name="clockwise", value="clockwise"),
    app_commands.Choice(name="counter-clockwise", value="counterclockwise"),
]


def marching(state: AttackState) -> str:
    """The action a /atk march belongs to: the Move, Blitz or Transport under way (else a Move's)."""
    turn = state.turn
    return turn.kind if turn is not None and turn.kind in MARCHING else "move"


class AttackCog(GameCog, group_name="atk", group_description="Play Attack! in this channel"):
    game = GAME

    # ---- playing ----------------------------------------------------------------------------------

    async def _play(self, interaction: discord.Interaction, command: str, **options: object) -> None:
        """Make the command's one action (``commands.plan``), worked out from the game as the service
        finds it when the move is made (the state it decodes for the move: one decode), and present it."""
        found = await channel_game(self.host, interaction, GAME)
        if found.game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = seat_of(found, interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player", "You are not playing in this game.")

        def move(_game: str, state: AttackState) -> Action:  # the command in the state the move is made in
            return plan(command, options, state, seat)

        result = await self.act(interaction, move, found)
        await prompt_decision(self.host, interaction, found.game.id, result)

    # ---- setting up -------------------------------------------------------------------------------

    @app_commands.command(description="Setup: choose your government and your starting economics card")
    @app_commands.describe(
        government="fascism, communism, monarchy or democracy",
        economics="minerals or rail (communism: factories too)",
    )
    @app_commands.autocomplete(
        government=suggest(lambda q: pick.governments(q.state, q.seat, q.typed)),
        economics=suggest(lambda q: pick.economics(q.state, q.seat, q.option("government"), q.typed)),
    )
    async def government(self, interaction: discord.Interaction, government: str, economics: str) -> None:
        await self._play(interaction, "government", government=government, economics=economics)

    @app_commands.command(
        description="Setup: your capital, and up to two neighbouring regions for your armies"
    )
    @app_commands.describe(
        region="on a sea zone, outside the Arctic Circle", outposts="up to two neighbours, comma-separated"
    )
    @app_commands.autocomplete(
        region=suggest(lambda q: pick.capitals(q.state, q.seat, q.typed)),
        outposts=suggest(lambda q: pick.outposts(q.state, q.seat, q.option("region"), q.typed)),
    )
    async def capital(
        self, interaction: discord.Interaction, region: str, outposts: str | None = None
    ) -> None:
        await self._play(interaction, "capital", region=region, outposts=outposts)

    @app_commands.command(
        description="You start the year: play goes clockwise (up the seats) or counter-clockwise"
    )
    @app_commands.describe(way="clockwise (up the seats) or counter-clockwise (down them)")
    @app_commands.choices(way=DIRECTIONS)
    async def direction(self, interaction: discord.Interaction, way: str) -> None:
        await self._play(interaction, "direction", way=way)

    # ---- the season's action ----------------------------------------------------------------------

    @app_commands.command(description="Move: army units one region each (into a hostile one: a battle)")
    @app_commands.describe(
        source="from (one of your regions)",
        target="to (next door)",
        units="e.g. 3 infantry, 1 tank (default: all free)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.march_sources(q.state, q.seat, "move", q.typed)),
        target=suggest(lambda q: pick.march_targets(q.state, q.seat, "move", q.option("from"), q.typed)),
        units=suggest(
            lambda q: pick.march_units(q.state, q.seat, "move", q.option("from"), q.option("to"), q.typed)
        ),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "move", q.typed)),
    )
    async def move(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(interaction, "move", **{"from": source, "to": target, "units": units, "card": card})

    @app_commands.command(description="Transport: army units between your regions, through your own regions")
    @app_commands.describe(
        source="from (one of your regions)",
        target="to (one of your regions)",
        units="e.g. 3 infantry (default: all free)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.march_sources(q.state, q.seat, "transport", q.typed)),
        target=suggest(lambda q: pick.march_targets(q.state, q.seat, "transport", q.option("from"), q.typed)),
        units=suggest(
            lambda q: pick.march_units(
                q.state, q.seat, "transport", q.option("from"), q.option("to"), q.typed
            )
        ),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "transport", q.typed)),
    )
    async def transport(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(
            interaction, "transport", **{"from": source, "to": target, "units": units, "card": card}
        )

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
    @app_commands.autocomplete(
        target=suggest(lambda q: pick.blitz_targets(q.state, q.seat, q.typed)),
        source=suggest(
            lambda q: pick.march_sources(q.state, q.seat, "blitz", q.typed, q.option("target") or None)
        ),
        units=suggest(
            lambda q: pick.march_units(
                q.state, q.seat, "blitz", q.option("from"), "", q.typed, q.option("target") or None
            )
        ),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "blitz", q.typed)),
    )
    async def blitz(
        self,
        interaction: discord.Interaction,
        target: str,
        source: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(
            interaction, "blitz", **{"target": target, "from": source, "units": units, "card": card}
        )

    @app_commands.command(
        description="In your Move, Blitz or Transport: send army units from one region to another"
    )
    @app_commands.describe(
        source="from", target="to", units="e.g. 3 infantry, 1 tank (default: all that may go)"
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.march_sources(q.state, q.seat, marching(q.state), q.typed)),
        target=suggest(
            lambda q: pick.march_targets(q.state, q.seat, marching(q.state), q.option("from"), q.typed)
        ),
        units=suggest(
            lambda q: pick.march_units(
                q.state, q.seat, marching(q.state), q.option("from"), q.option("to"), q.typed
            )
        ),
    )
    async def march(
        self, interaction: discord.Interaction, source: str, target: str, units: str | None = None
    ) -> None:
        await self._play(interaction, "march", **{"from": source, "to": target, "units": units})

    @app_commands.command(description="Navigate: ships through up to two sea zones, carrying armies")
    @app_commands.describe(
        source="a coastline of yours, or a sea zone your ships hold",
        target="a sea zone, or a region to land on",
        ships="e.g. 2 destroyers (default: the fleet there)",
        army="armies to carry, e.g. 2 infantry (default: none)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.sail_sources(q.state, q.seat, q.typed)),
        target=suggest(lambda q: pick.sail_targets(q.state, q.seat, q.option("from"), q.typed)),
        ships=suggest(lambda q: pick.sail_ships(q.state, q.seat, q.option("from"), q.typed)),
        army=suggest(lambda q: pick.sail_army(q.state, q.seat, q.option("from"), q.typed)),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "navigate", q.typed)),
    )
    async def navigate(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        ships: str | None = None,
        army: str | None = None,
        card: str | None = None,
    ) -> None:
        options = {"from": source, "to": target, "ships": ships, "army": army, "card": card}
        await self._play(interaction, "navigate", **options)

    @app_commands.command(description="Build: collect the year's income at your first Build, then buy units")
    @app_commands.describe(
        region="where (joined to your capital); ships go on its coastline",
        units="e.g. 3 infantry, 1 tank, 1 destroyer",
        card="an action card to play with it",
    )
    @app_commands.autocomplete(
        region=suggest(lambda q: pick.build_regions(q.state, q.seat, q.typed)),
        units=suggest(lambda q: pick.build_units(q.state, q.seat, q.option("region"), q.typed)),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "build", q.typed)),
    )
    async def build(
        self,
        interaction: discord.Interaction,
        region: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(interaction, "build", region=region, units=units, card=card)

    @app_commands.command(
        description="Negotiate: draw an action card and offer terms to a neighbouring neutral"
    )
    @app_commands.describe(
        region="a neutral region next to yours (or none: only draw a card)", card="Diplomacy makes it free"
    )
    @app_commands.autocomplete(
        region=suggest(lambda q: pick.negotiable(q.state, q.seat, q.typed)),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "negotiate", q.typed)),
    )
    async def negotiate(
        self, interaction: discord.Interaction, region: str | None = None, card: str | None = None
    ) -> None:
        await self._play(interaction, "negotiate", region=region, card=card)

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
    @app_commands.autocomplete(
        suit=suggest(lambda q: pick.research_suits(q.state, q.seat, q.typed)),
        region=suggest(lambda q: pick.research_regions(q.state, q.seat, q.option("suit"), q.typed)),
        card=suggest(lambda q: pick.cards(q.state, q.seat, "research", q.typed)),
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
        await self._play(
            interaction, "research", suit=suit, region=region, units=units, ships=ships, card=card
        )

    @app_commands.command(
        description="Winter: burn 5 oil certificates, or an oil marker of yours, for an action"
    )
    @app_commands.describe(oil_marker="burn this region's oil marker instead of certificates")
    @app_commands.autocomplete(oil_marker=suggest(lambda q: pick.oil_markers(q.state, q.seat, q.typed)))
    async def burn(self, interaction: discord.Interaction, oil_marker: str | None = None) -> None:
        await self._play(interaction, "burn", oil_marker=oil_marker)

    @app_commands.command(name="pass", description="Take no action this season")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "pass")

    @app_commands.command(description="End your action (its battles are fought now)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "end")

    # ---- battles ----------------------------------------------------------------------------------

    @app_commands.command(
        description="Army battle: your line (first deploy) or the units you add (re-deploy)"
    )
    @app_commands.describe(units="e.g. 2 infantry, 1 tank, 1 plane; leave empty for a menu")
    @app_commands.autocomplete(units=suggest(lambda q: pick.deploy_lines(q.state, q.seat, q.typed)))
    async def deploy(self, interaction: discord.Interaction, units: str | None = None) -> None:
        if units:
            await self._play(interaction, "deploy", units=units)
            return
        found = await channel_game(self.host, interaction, GAME)
        await send_menu(self.host, interaction, found.game.id, "deploy")

    @app_commands.command(
        description="Navy battle: your ships' cards, left to right (secret until both are set)"
    )
    @app_commands.describe(ships="e.g. destroyer, submarine, carrier; leave empty for a private menu")
    @app_commands.autocomplete(ships=suggest(lambda q: pick.lineups(q.state, q.seat, q.typed)))
    async def lineup(self, interaction: discord.Interaction, ships: str | None = None) -> None:
        if ships:
            await self._play(interaction, "lineup", ships=ships)
            return
        found = await channel_game(self.host, interaction, GAME)
        await send_menu(self.host, interaction, found.game.id, "lineup")

    @app_commands.command(description="Navy battle, after a round: take your ships out of the battle")
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "retreat")

    @app_commands.command(description="Navy battle, after a round: stay and set new line-ups")
    async def fight(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "fight")

    # ---- looking ----------------------------------------------------------------------------------

    @app_commands.command(description="Your action cards and secret line-up (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.show_hand(
            interaction, "Your hand", lambda view: PRESENTER.private_text(view) or "You hold no action cards."
        )


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(AttackCog(bot))  # type: ignore[arg-type]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)


__all__ = ["AttackCog", "setup"]

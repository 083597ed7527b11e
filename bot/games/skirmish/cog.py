"""/sk: Skirmish moves as slash commands, one per action and per battle step, with autocomplete from what
is legal now (``choices.py``). Each handler finds the channel's game, turns the options into an action (or,
for a default such as "the cheapest losses", into a function of the position at the moment of the move)
and calls the service; the rules live in rules/skirmish. ``/sk orders`` and ``/sk hand`` answer privately:
standing orders and cards are secret. Loaded by the Discord app as this game's extension (``setup``), with
the card menu of ``menus.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game, choices, handle_error, png_file, running_game, seat_of
from bot.cogs.moves import ACK_SECONDS, act_and_present, present_move
from bot.games.skirmish import choices as pick
from bot.games.skirmish.menus import DYNAMIC_ITEMS
from bot.games.skirmish.presenter import ORDER_FIELDS, PRESENTER, orders_text
from bot.games.skirmish.steps import battle_answer
from bot.games.skirmish.text import battle_free_attack
from bot.games.skirmish.units import parse_numbers, parse_units
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ServiceError
from bot.parsing import quoted, whole_number
from rules.core.events import Action
from rules.skirmish import actions as sk
from rules.skirmish.orders import CHOICES, check_orders
from rules.skirmish.state import SkirmishState, StandingOrders

GAME = "skirmish"
UNIT_CHOICES = [app_commands.Choice(name=t, value=t) for t in ("troop", "cavalry", "cannon", "general")]
Suggest = Callable[[SkirmishState, int, list[str]], list[tuple[str, str]]]


def styled(verb: str, text: str, styles: tuple[str, ...]) -> Callable[[str, Any], Action] | None:
    """A battle answer named by its style (``best``...), as a move made in the position it finds."""
    style = text.strip().lower()
    if style not in styles:
        return None
    return lambda name, state: battle_answer(verb, style, state)


class SkirmishCog(commands.GroupCog, group_name="sk", group_description="Play Skirmish in this channel"):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _act(self, interaction: discord.Interaction, move: Any) -> None:
        await act_and_present(self.host, interaction, GAME, move)

    async def _suggest(
        self, interaction: discord.Interaction, suggest: Suggest
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from the game's state for the asking seat (nothing for a spectator)."""
        found = await running_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id) if found else None
        if found is None or seat is None:
            return []
        state: SkirmishState = self.host.service.state_of(found.game)
        return choices(suggest(state, seat, [s.name for s in found.seats]))

    @staticmethod
    def _typed(interaction: discord.Interaction, name: str) -> str:
        return str(getattr(interaction.namespace, name, "") or "")

    # ---- 1) standard actions ------------------------------------------------------------------------

    @app_commands.command(
        description="Standard action: roll a die per territory you hold, place that many troops"
    )
    async def reinforce(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, sk.Reinforce())

    @app_commands.command(description="Standard action: draw a card (only you see which)")
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, sk.DrawCard())

    @app_commands.command(description="Standard action: one more free move or one more exchange this turn")
    @app_commands.choices(
        what=[
            app_commands.Choice(name="an extra free move", value="move"),
            app_commands.Choice(name="an extra exchange", value="exchange"),
        ]
    )
    async def extra(self, interaction: discord.Interaction, what: app_commands.Choice[str]) -> None:
        await self._act(interaction, sk.ExtraMove() if what.value == "move" else sk.ExtraExchange())

    @app_commands.command(description="Place reinforcement troops on one of your territories")
    @app_commands.describe(territory="one of your territories", troops="how many of the troops to place")
    async def place(
        self, interaction: discord.Interaction, territory: str, troops: app_commands.Range[int, 1, 999]
    ) -> None:
        await self._act(interaction, sk.Place(territory, troops))

    @place.autocomplete("territory")
    async def _place_where(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(
            interaction, lambda s, seat, names: pick.own_territories(s, seat, typed, names)
        )

    # ---- 2) exchange --------------------------------------------------------------------------------

    @app_commands.command(description="Trade units of one type in for units of another, in one territory")
    @app_commands.describe(territory="where the units are", give="for example: 2 cavalry", get="the type out")
    @app_commands.choices(get=UNIT_CHOICES)
    async def exchange(
        self, interaction: discord.Interaction, territory: str, give: str, get: app_commands.Choice[str]
    ) -> None:
        await self._act(interaction, sk.Exchange(territory, parse_units(give), get.value))

    @exchange.autocomplete("territory")
    async def _exchange_where(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(
            interaction, lambda s, seat, n: pick.exchange_territories(s, seat, typed, n)
        )

    @exchange.autocomplete("give")
    async def _exchange_give(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        where = self._typed(interaction, "territory")
        return await self._suggest(interaction, lambda s, seat, n: pick.exchange_gives(s, seat, where, typed))

    # ---- 3) attack and the battle -------------------------------------------------------------------

    @app_commands.command(description="Attack a neighbour with up to 10 units from one territory")
    @app_commands.describe(
        source="attack from (your territory)",
        target="the neighbour to attack",
        units="for example: 5 troops, 1 cannon (default: your strongest ten)",
        dice="dice to roll (default: the most the units bring)",
        counters="counters to bring (default: the most the units bring)",
    )
    @app_commands.rename(source="from", target="to")
    async def attack(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        units: str | None = None,
        dice: app_commands.Range[int, 1, 99] | None = None,
        counters: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        if units and units.strip().lower() not in ("all", "strongest"):
            await self._act(interaction, sk.Attack(source, target, parse_units(units), dice, counters))
            return

        def strongest(name: str, state: SkirmishState) -> Action:
            chosen = battle_free_attack(source, target, state)
            return sk.Attack(source, target, chosen.units, dice, counters)

        await self._act(interaction, strongest)

    @attack.autocomplete("source")
    async def _attack_from(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.attack_sources(s, seat, typed, n))

    @attack.autocomplete("target")
    async def _attack_to(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = self._typed(interaction, "from")
        return await self._suggest(
            interaction, lambda s, seat, n: pick.attack_targets(s, seat, source, typed, n)
        )

    @attack.autocomplete("units")
    async def _attack_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = self._typed(interaction, "from")
        return await self._suggest(interaction, lambda s, seat, n: pick.attack_units(s, seat, source, typed))

    @app_commands.command(description="Defend: units from the attacked territory, their dice and counters")
    @app_commands.describe(units="for example: 3 troops, 1 general (default: everything there)")
    async def defend(
        self,
        interaction: discord.Interaction,
        units: str | None = None,
        dice: app_commands.Range[int, 1, 99] | None = None,
        counters: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        if units and units.strip().lower() != "all":
            await self._act(interaction, sk.Defend(parse_units(units), dice, counters))
            return

        def everything(name: str, state: SkirmishState) -> Action:
            answer = battle_answer("defend", "", state)
            return sk.Defend(answer.units, dice, counters) if isinstance(answer, sk.Defend) else answer

        await self._act(interaction, everything)

    @defend.autocomplete("units")
    async def _defend_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.defenders(s, seat, typed))

    @app_commands.command(description="Choose the units that go to your garrison (default: the cheapest)")
    @app_commands.describe(
        units="off the battle board, e.g. 2 troops",
        traded="units swapped for a troop each (to pay a 2)",
        territory="from the attacked territory (a 2x skirmish)",
    )
    async def losses(
        self,
        interaction: discord.Interaction,
        units: str | None = None,
        traded: str | None = None,
        territory: str | None = None,
    ) -> None:
        if units is None and traded is None and territory is None:
            await self._act(interaction, lambda name, state: battle_answer("losses", "", state))
            return
        fields = (parse_units(v or "") for v in (units, traded, territory))
        await self._act(interaction, sk.TakeLosses(*fields))

    @losses.autocomplete("units")
    async def _losses_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.losses(s, seat, "units", typed))

    @losses.autocomplete("traded")
    async def _losses_traded(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.losses(s, seat, "traded", typed))

    @losses.autocomplete("territory")
    async def _losses_land(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.losses(s, seat, "territory", typed))

    @app_commands.command(description="Defender: set your dice against the attacker's to form the skirmishes")
    @app_commands.describe(
        against="best, highest or lowest; or for each of your dice the attacker die it faces: 1 1 2",
        territory="units from the attacked territory for the attacker's extra dice",
    )
    async def skirmishes(
        self, interaction: discord.Interaction, against: str, territory: str | None = None
    ) -> None:
        move: Any = styled("assign", against, tuple(pick.ASSIGN_STYLES))
        if move is None:
            numbers = parse_numbers(against, "The attacker dice", 1, 99)
            move = sk.AssignDice(numbers, parse_units(territory or ""))
        await self._act(interaction, move)

    @skirmishes.autocomplete("against")
    async def _skirmishes(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.assignments(s, seat, typed))

    @app_commands.command(description="Attacker: add your extra dice to skirmishes")
    @app_commands.describe(to="best, highest or lowest; or the skirmish of each extra die: 1 2")
    async def extradice(self, interaction: discord.Interaction, to: str) -> None:
        move = styled("extra", to, tuple(pick.EXTRA_STYLES))
        await self._act(interaction, move or sk.AssignExtra(parse_numbers(to, "The skirmishes", 1, 99)))

    @extradice.autocomplete("to")
    async def _extradice(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.extra_dice(s, seat, typed))

    @app_commands.command(description="Put counters from your side of the board on a skirmish")
    async def counter(
        self,
        interaction: discord.Interaction,
        skirmish: app_commands.Range[int, 1, 99],
        count: app_commands.Range[int, 1, 99] = 1,
    ) -> None:
        await self._act(interaction, sk.PlaceCounter(skirmish, count))

    @app_commands.command(description="Play a card: on a skirmish, for the battle, or a truce on a territory")
    @app_commands.describe(
        card="a card from your hand", skirmish="the skirmish (skirmish cards)", territory="truce"
    )
    async def card(
        self,
        interaction: discord.Interaction,
        card: str,
        skirmish: app_commands.Range[int, 1, 99] | None = None,
        territory: str | None = None,
    ) -> None:
        await self._act(interaction, sk.PlayCard(whole_number(card, "The card", 0, 999), skirmish, territory))

    @card.autocomplete("card")
    async def _card_which(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        def cards(state: SkirmishState, seat: int, names: list[str]) -> list[tuple[str, str]]:
            return pick.hand_cards(state, seat, typed, True) or pick.hand_cards(state, seat, typed)

        return await self._suggest(interaction, cards)

    @card.autocomplete("territory")
    async def _card_where(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.own_territories(s, seat, typed, n))

    @app_commands.command(
        name="pass", description="Finish your counters and cards (counters left are placed for you)"
    )
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, sk.Pass())

    @app_commands.command(description="Defender: the order the skirmishes are resolved in")
    @app_commands.describe(order="best or formed; or skirmish numbers: 2 1 3")
    async def order(self, interaction: discord.Interaction, order: str) -> None:
        move = styled("order", order, tuple(pick.ORDER_STYLES))
        await self._act(interaction, move or sk.OrderSkirmishes(parse_numbers(order, "The order", 1, 99)))

    @order.autocomplete("order")
    async def _order(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.orders_of_resolution(s, seat, typed))

    @app_commands.command(description="After a win: the units that move into the conquered territory")
    @app_commands.describe(units="advance (default), one, all; or units like 4 troops, 1 cannon")
    async def occupy(self, interaction: discord.Interaction, units: str | None = None) -> None:
        move = styled("occupy", units or "advance", tuple(pick.OCCUPY_STYLES))
        await self._act(interaction, move or sk.Occupy(parse_units(units or "")))

    @occupy.autocomplete("units")
    async def _occupy(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.occupations(s, seat, typed))

    # ---- 4) free move, 5) cards, end ----------------------------------------------------------------

    @app_commands.command(description="The free move: units between two neighbouring territories you hold")
    @app_commands.rename(source="from", target="to")
    async def move(self, interaction: discord.Interaction, source: str, target: str, units: str) -> None:
        await self._act(interaction, sk.Move(source, target, parse_units(units)))

    @move.autocomplete("source")
    async def _move_from(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.move_sources(s, seat, typed, n))

    @move.autocomplete("target")
    async def _move_to(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        source = self._typed(interaction, "from")
        return await self._suggest(
            interaction, lambda s, seat, n: pick.move_targets(s, seat, source, typed, n)
        )

    @move.autocomplete("units")
    async def _move_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = self._typed(interaction, "from")
        return await self._suggest(interaction, lambda s, seat, n: pick.move_units(s, seat, source, typed))

    @app_commands.command(
        description="Discard a card (down to your number of territories; some cost a troop)"
    )
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self._act(interaction, sk.Discard(whole_number(card, "The card", 0, 999)))

    @discard.autocomplete("card")
    async def _discard(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s, seat, n: pick.hand_cards(s, seat, typed))

    @app_commands.command(
        description="Finish the current step (placing, actions, exchange, attacks, move, cards)"
    )
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, sk.EndPhase())

    # ---- private: standing orders, the hand; the battle board ----------------------------------------

    @app_commands.command(description="Your standing orders: battle steps the game answers for you (private)")
    @app_commands.describe(
        defend="as defender: all",
        losses="cheapest",
        assign="best, highest or lowest (dice)",
        cards_from="place counters, play cards worth at least this (99: none)",
        order="best or formed",
        occupy="advance, one or all",
        clear="drop every standing order first",
    )
    async def orders(
        self,
        interaction: discord.Interaction,
        defend: str | None = None,
        losses: str | None = None,
        assign: str | None = None,
        cards_from: str | None = None,
        order: str | None = None,
        occupy: str | None = None,
        clear: bool = False,
    ) -> None:
        found = await channel_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id)
        if seat is None or found.game.state is None:
            raise ServiceError(
                "not_a_player", "You are not playing in this game, so you have no orders to set."
            )
        state: SkirmishState = self.host.service.state_of(found.game)
        given = dict(zip(ORDER_FIELDS, (defend, losses, assign, cards_from, order, occupy), strict=True))
        orders = merged_orders(StandingOrders() if clear else state.orders[seat], given)
        result = await self.host.service.act(found, interaction.user.id, sk.SetOrders(orders))
        game_id = found.game.id
        patience = ACK_SECONDS - (discord.utils.utcnow() - interaction.created_at).total_seconds()

        async def defer() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)

        async with self.host.turns.hold(game_id, patience=min(patience, ACK_SECONDS), meanwhile=defer):
            if not interaction.response.is_done():
                await defer()
            await interaction.followup.send(f"Your standing orders: {orders_text(orders)}.", ephemeral=True)
            if result.public_events:  # an order for the step waiting now was applied at once: tell everyone
                await present_move(self.host, interaction, game_id, result)

    @orders.autocomplete("defend")
    @orders.autocomplete("losses")
    @orders.autocomplete("assign")
    @orders.autocomplete("cards_from")
    @orders.autocomplete("order")
    @orders.autocomplete("occupy")
    async def _order_values(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return choices(pick.order_values(focused(interaction), typed))

    @app_commands.command(description="Your cards and standing orders (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        view = await self.host.service.view(found.game.id, interaction.user.id)
        if view.hand is None:
            raise ServiceError("not_a_player", "You are not playing in this game, so you hold no cards.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = [s.name for s in found.seats]
        text = PRESENTER.private_text(view) or ""
        embed = discord.Embed(title="Your hand", description=clip(text, EMBED_DESCRIPTION), colour=COLOUR)
        file = await png_file(self.host.games[GAME].pictures.private, view, names, filename="hand.png")
        embed.set_image(url="attachment://hand.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    @app_commands.command(description="The battle board now, full size (only you see it)")
    async def battle(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        view = await self.host.service.view(found.game.id)
        if view.battle is None:
            raise ServiceError(
                "no_battle", "No battle is being fought now; each battle's board is shown as it goes."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = [s.name for s in found.seats]
        file = await png_file(self.host.games[GAME].pictures.battle, view, (), names, filename="battle.png")
        embed = discord.Embed(title=f"Battle for {view.battle.defender.territory}", colour=COLOUR)
        embed.set_image(url="attachment://battle.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)


def focused(interaction: discord.Interaction) -> str:
    """The name of the option being typed in (one autocomplete serves every standing-order field)."""
    data: dict[str, Any] = dict(interaction.data or {})
    options: list[dict[str, Any]] = list(data.get("options") or [])
    while options:
        option = options.pop(0)
        if option.get("focused"):
            return str(option.get("name", ""))
        options.extend(option.get("options") or [])
    return ""


def merged_orders(current: StandingOrders, given: dict[str, str | None]) -> StandingOrders:
    """``current`` with the fields given changed (``ask``: no order for that step), checked."""
    values: dict[str, Any] = {f: getattr(current, f) for f in ORDER_FIELDS}
    for field, text in given.items():
        if text is None:
            continue
        value = text.strip().lower()
        if value == "ask":
            values[field] = None
        elif field == "cards_from":
            values[field] = whole_number(value, "cards_from", 0, 99)
        elif value not in CHOICES[field]:
            raise ServiceError(
                "bad_order",
                f"The standing order {field} is one of {', '.join(CHOICES[field])} or ask, "
                f"not “{quoted(text)}”.",
            )
        else:
            values[field] = value
    return check_orders(StandingOrders(**values))


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(SkirmishCog(bot))  # type: ignore[arg-type]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)

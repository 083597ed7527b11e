"""The Attack! battle menus, private (ephemeral) to the player who decides:

- the army line: one select per unit kind in reserve ("how many tanks in the line?"), pre-filled with
  the strongest line, and a confirm button (the shared next-step button ``deploy`` with the whole choice)
  enabled once the count is the one the line takes;
- the navy line-up: buttons that add a ship to the line-up, left to right, take the last one back,
  clear it or set the default order, and a confirm button. Both sides line up at once, so the other side's
  line-up may land while this menu is open: its buttons carry the battle's round rather than the game's
  version, and a confirm from an earlier round is refused.

Nothing is kept in memory between clicks: every custom id carries the game and the whole choice so
far (``atkd:<game>:<version>:<kind>:<pick>``, ``atkl:<game>:<round>:<tag>:<line>``,
``atkc:<game>:<round>:<line>``), and each change redraws the menu with the new choice in every id, so a
menu survives a restart. The menus open from a next-step button ``wbm:<game>:<version>:atk.<which>``
(the ``atk.`` keeps other games' menu items from answering it) or from ``/atk deploy`` and ``/atk
lineup`` without options.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

import discord

from bot.cogs.common import handle_error
from bot.cogs.moves import menu_template, step_button
from bot.game import Step
from bot.games.attack.acting import act_clicked
from bot.games.attack.steps import COMMAND, STEPS, pick_code, pick_from_code
from bot.games.attack.units import lineup_code, lineup_from_code, troops_value
from bot.host import Host
from bot.limits import clip
from bot.models import ServiceError
from rules.attack.actions import Deploy, LineUp, Troops
from rules.attack.battle.lines import default_lineup, strongest_line
from rules.attack.battle.navy import side_of
from rules.attack.common import board_of
from rules.attack.engine import to_act
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import ARMY_TYPES, NAVY_LINE_MAX, NAVY_TYPES

GAME = "attack"
MAX_OPTIONS = 25
QUIET = discord.AllowedMentions.none()
Menu = tuple[str, discord.ui.View]


async def _position(
    host: Host, interaction: discord.Interaction, game_id: int
) -> tuple[AttackState, int, int]:
    """The game's state, version and the clicking player's seat; a refusal if they play no seat."""
    found = await host.service.loaded(game_id)
    if found.game.ruleset != GAME or found.game.state is None:
        raise ServiceError("no_battle", "That menu belongs to another game.")
    seat = next(
        (s.seat for s in found.seats if s.user_id == interaction.user.id and s.status == "playing"), None
    )
    if seat is None:
        raise ServiceError("not_a_player", "You are not playing in this game.")
    state: AttackState = host.service.state_of(found.game)
    return state, found.game.version, seat


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values") or ["0"]]


# ---- the army line ----------------------------------------------------------------------------------


def deploy_menu(game: int, version: int, state: AttackState, pick: tuple[int, int, int, int]) -> Menu:
    battle = state.army_battle
    assert battle is not None
    reserve, need = battle.reserve[battle.side], battle.need
    region = board_of(state).region_names[battle.region]
    holder = discord.ui.View(timeout=None)
    for kind in range(4):
        if reserve[kind]:
            holder.add_item(
                DeploySelect(game, version, kind, pick, min(reserve[kind], need, MAX_OPTIONS - 1))
            )
    chosen = Troops.of(pick)
    holder.add_item(DeployConfirm(game, version, pick, sum(pick) != need))
    garrison = battle.defender == NEUTRAL and battle.side == 1  # an opponent decides for a neutral
    if battle.awaiting == "deploy":
        what = "the neutral garrison's first line" if garrison else "your first line"
    else:
        adding = "the garrison adds" if garrison else "you add"
        what = f"the units {adding} to the line (turn {battle.turn})"
    content = (
        f"**Battle for {region}**: choose {what}: **{need}** from {'its' if garrison else 'your'} reserve "
        f"({troops_value(Troops.of(reserve))}). Chosen so far: {troops_value(chosen)} "
        f"({sum(pick)} of {need})."
    )
    return content, holder


class DeploySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"atkd:(?P<game>\d+):(?P<version>\d+):(?P<kind>[0-3]):(?P<pick>\d+\.\d+\.\d+\.\d+)",
):
    def __init__(
        self, game: int, version: int, kind: int, pick: tuple[int, int, int, int], most: int = 0
    ) -> None:
        name = ARMY_TYPES[kind]
        chosen = pick[kind]
        options = [
            discord.SelectOption(label=f"{n} {name}", value=str(n), default=n == chosen)
            for n in sorted({*range(0, most + 1), chosen})[:MAX_OPTIONS]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"atkd:{game}:{version}:{kind}:{pick_code(pick)}",
                placeholder=f"{name}: how many in the line?",
                options=options,
            )
        )
        self.game, self.version, self.kind, self.pick = game, version, kind, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DeploySelect:
        pick = pick_from_code(match["pick"]) or (0, 0, 0, 0)
        return cls(int(match["game"]), int(match["version"]), int(match["kind"]), pick)

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            state, version, _ = await _position(host, interaction, self.game)
            if version != self.version or state.army_battle is None:
                raise ServiceError(
                    "stale", "The battle has moved on since this menu; open it again from the latest message."
                )
            pick = list(self.pick)
            pick[self.kind] = int(_values(interaction)[0])
            content, view = deploy_menu(self.game, version, state, (pick[0], pick[1], pick[2], pick[3]))
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.edit_message(content=content, view=view)


class DeployConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"atkp:(?P<game>\d+):(?P<version>\d+):(?P<pick>\d+\.\d+\.\d+\.\d+)",
):
    """Deploy the chosen units: played for the clicking player if the game is still where the menu was."""

    def __init__(self, game: int, version: int, pick: tuple[int, int, int, int], off: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(f"Deploy {troops_value(Troops.of(pick))}", 80),
                style=discord.ButtonStyle.success,
                custom_id=f"atkp:{game}:{version}:{pick_code(pick)}",
                disabled=off,
            )
        )
        self.game, self.version, self.pick = game, version, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DeployConfirm:
        pick = pick_from_code(match["pick"]) or (0, 0, 0, 0)
        return cls(int(match["game"]), int(match["version"]), pick)

    async def callback(self, interaction: discord.Interaction) -> None:
        units = troops_value(Troops.of(self.pick))
        await act_clicked(
            interaction, self.game, Deploy(Troops.of(self.pick)), self.version, f"Deployed {units}."
        )


# ---- the navy line-up --------------------------------------------------------------------------------


def lineup_menu(game: int, state: AttackState, seat: int, line: tuple[str, ...]) -> Menu:
    battle = state.navy_battle
    assert battle is not None
    side = side_of(battle, seat)
    ships, cargo = battle.ships[side], battle.cargo[side]
    left = [ships[k] - line.count(NAVY_TYPES[k]) for k in range(4)]
    zone = board_of(state).zone_names[battle.zone]
    holder = discord.ui.View(timeout=None)
    for k, kind in enumerate(NAVY_TYPES):
        if ships[k]:
            add = LineupButton(game, battle.round, kind[0], (*line, kind), f"+ {kind} ({left[k]} left)")
            add.item.disabled = left[k] <= 0 or len(line) >= NAVY_LINE_MAX
            holder.add_item(add)
    default = tuple(NAVY_TYPES[k] for k in default_lineup(ships, sum(cargo), state.options.ship_capacity))
    holder.add_item(LineupButton(game, battle.round, "u", line[:-1], "⌫ Take back", row=1, off=not line))
    holder.add_item(LineupButton(game, battle.round, "x", (), "Clear", row=1, off=not line))
    holder.add_item(LineupButton(game, battle.round, "f", default, "Default order", row=1))
    holder.add_item(LineupConfirm(game, battle.round, line))
    fleet = ", ".join(f"{n} {NAVY_TYPES[k]}" for k, n in enumerate(ships) if n)
    aboard = f" Armies aboard: {sum(cargo)} (ships left out of the line carry them)." if sum(cargo) else ""
    content = (
        f"**Navy battle in the {zone}**, round {battle.round}: your ships {fleet}.{aboard} Line them up "
        f"left to right, at most {NAVY_LINE_MAX}; hits land on the first ship afloat. Your line-up stays "
        f"secret until both are set.\nSo far: {', '.join(line) or 'empty'}."
    )
    return content, holder


class LineupButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"atkl:(?P<game>\d+):(?P<round>\d+):(?P<tag>[a-z]):(?P<line>[sdbc]+|-)",
):
    """A change to the line-up being built (the id holds the line-up after the click)."""

    def __init__(
        self,
        game: int,
        round: int,
        tag: str,
        line: tuple[str, ...],
        label: str = "",
        row: int = 0,
        off: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or "line-up", 80),
                style=discord.ButtonStyle.secondary,
                custom_id=f"atkl:{game}:{round}:{tag}:{lineup_code(line)}",
                row=row,
                disabled=off,
            )
        )
        self.game, self.round, self.line = game, round, line

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LineupButton:
        return cls(int(match["game"]), int(match["round"]), match["tag"], lineup_from_code(match["line"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            state, _, seat = await _lineup_position(host, interaction, self.game, self.round)
            content, view = lineup_menu(self.game, state, seat, self.line)
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.edit_message(content=content, view=view)


class LineupConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"atkc:(?P<game>\d+):(?P<round>\d+):(?P<line>[sdbc]+|-)",
):
    """Set the line-up: played for the clicking player, if the battle still waits for it this round."""

    def __init__(self, game: int, round: int, line: tuple[str, ...]) -> None:
        label = f"Set line-up: {', '.join(line)}" if line else "Set line-up"
        super().__init__(
            discord.ui.Button(
                label=clip(label, 80),
                style=discord.ButtonStyle.success,
                custom_id=f"atkc:{game}:{round}:{lineup_code(line)}",
                row=2,
                disabled=not line,
            )
        )
        self.game, self.round, self.line = game, round, line

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LineupConfirm:
        return cls(int(match["game"]), int(match["round"]), lineup_from_code(match["line"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            await _lineup_position(host, interaction, self.game, self.round)
        except Exception as error:
            await handle_error(interaction, error)
            return
        # No version: the other side may have set its line-up meanwhile (the round guards staleness).
        await act_clicked(
            interaction, self.game, LineUp(self.line), None, f"Line-up set: {', '.join(self.line)}."
        )


async def _lineup_position(
    host: Host, interaction: discord.Interaction, game_id: int, round: int | None
) -> tuple[AttackState, int, int]:
    state, version, seat = await _position(host, interaction, game_id)
    battle = state.navy_battle
    if battle is None or battle.awaiting != "lineup" or (round is not None and battle.round != round):
        raise ServiceError(
            "stale", "That navy battle no longer waits for this line-up; look at the latest message."
        )
    if seat not in to_act(state):
        raise ServiceError("not_your_choice", "Your line-up is set already, or this battle is not yours.")
    return state, version, seat


# ---- opening a menu ---------------------------------------------------------------------------------


async def send_menu(host: Host, interaction: discord.Interaction, game_id: int, which: str) -> None:
    """Answer, privately, with the menu for the battle decision waiting for this player."""
    if which == "lineup":
        state, version, seat = await _lineup_position(host, interaction, game_id, None)
        content, view = lineup_menu(game_id, state, seat, ())
    else:
        state, version, seat = await _position(host, interaction, game_id)
        battle = state.army_battle
        if battle is None:
            raise ServiceError("no_battle", "No army battle waits for a line now.")
        if seat not in to_act(state):
            raise ServiceError("not_your_choice", "This battle line is the other side's to set, not yours.")
        start = strongest_line(battle.reserve[battle.side], battle.need)
        content, view = deploy_menu(game_id, version, state, start)
    await interaction.response.send_message(clip(content, 2000), view=view, ephemeral=True)
    if which != "lineup":  # a line-up is set in secret by both sides at once: its menu has no version
        host.announcer.buttons.keep_response(game_id, version, interaction)


class MenuButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=menu_template(COMMAND, r"atk\.(?P<which>[a-z]+)"),
):
    """Every Attack! button (a ``menu`` step): ``deploy`` and ``lineup`` open a private menu, for the
    player who decides (the version is not checked: the menu is drawn from the battle as it is now);
    ``end``, ``fight``, ``retreat`` and ``auto`` (the strongest line) make the move, refused if the game
    has moved on since the button was drawn."""

    def __init__(self, game: int, version: int, which: str) -> None:
        super().__init__(
            step_button(game, version, Step("pick", f"atk.{which}", "Choose", "primary", True), COMMAND)
        )
        self.game, self.version, self.which = game, version, which

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MenuButton:
        return cls(int(match["game"]), int(match["version"]), match["which"])

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        if self.which in MENUS:
            try:
                await send_menu(host, interaction, self.game, self.which)
            except Exception as error:
                await handle_error(interaction, error)
            return
        try:
            state, _, _ = await _position(host, interaction, self.game)
            action = STEPS.action(self.which, "", state)
            if action is None:
                raise ServiceError(
                    "old_button", "That button is from an older version of the bot; use a command."
                )
        except Exception as error:
            await handle_error(interaction, error)
            return
        await act_clicked(interaction, self.game, action, self.version)


MENUS = ("deploy", "lineup")
DYNAMIC_ITEMS = (MenuButton, DeploySelect, DeployConfirm, LineupButton, LineupConfirm)

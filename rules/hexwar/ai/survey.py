"""What the AI's choices share: how strong a force is, how much enemy strength could reach a hex next
round, what a hex is worth, and how far the nearest enemy land is."""

from __future__ import annotations

from rules.hexwar.board import Board
from rules.hexwar.common import board_of, is_city
from rules.hexwar.state import HexState, Stack
from rules.hexwar.units import JT, JUMP_RANGE, UNITS

STRUCTURE_WEIGHT = 1.5  # a defence structure counts like this much strength against an attack on its city


def land_power(stacks: tuple[Stack, ...] | list[Stack], seat: int | None = None) -> float:
    """Attack values summed (land fighting; hovercraft cargo counted as landed)."""
    total = 0.0
    for s in stacks:
        if seat is not None and s.seat != seat:
            continue
        if UNITS[s.unit].land:
            total += UNITS[s.unit].attack * s.count
        total += sum(UNITS[u].attack for u in s.cargo) * s.count
    return total


class Survey:
    """One seat's reading of the board at a round's start."""

    def __init__(self, state: HexState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.board: Board = board_of(state)
        b = self.board
        self.enemy_land = [h for h in range(b.size) if not b.water[h] and state.owner[h] != seat]
        self.own_land = [h for h in range(b.size) if state.owner[h] == seat]
        # The threat to a hex: the strongest single enemy hex that could strike it next round, plus a
        # quarter of the others (an army threatening five hexes can attack only one of them).
        sources: list[list[float]] = [[] for _ in range(b.size)]
        for e in range(b.size):
            power_to: dict[int, float] = {}
            for s in state.units[e]:
                if s.seat == seat:
                    continue
                reach = max(UNITS[s.unit].move, JUMP_RANGE if s.unit == JT else 0)
                power = land_power([s])
                row = b.distance[e]
                for h in self.own_land:
                    if row[h] <= reach:
                        power_to[h] = power_to.get(h, 0.0) + power
            for h, power in power_to.items():
                sources[h].append(power)
        self.threat = [max(p, default=0.0) + 0.25 * (sum(p) - max(p, default=0.0)) for p in sources]
        self.nearest_enemy = [
            min((b.distance[h][e] for e in self.enemy_land), default=99) for h in range(b.size)
        ]

    def defence(self, h: int) -> float:
        """What an attacker on ``h`` must beat: the units there not ours, and its structures."""
        s = self.state
        power = sum(land_power([st]) for st in s.units[h] if st.seat != self.seat)
        if s.owner[h] != self.seat:
            power += STRUCTURE_WEIGHT * len(s.defences[h])
        return power

    def worth(self, h: int) -> float:
        """How much taking (or keeping) land hex ``h`` matters."""
        s = self.state
        value = 2.0
        if is_city(s, h):
            value += 4
        if s.capital_of[h] >= 0:
            value += 14
        return value

    def own_power(self, h: int) -> float:
        return land_power(self.state.units[h], self.seat)

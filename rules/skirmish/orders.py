"""Standing orders: the battle steps a player lets the game decide for them, and how.

Each field of ``StandingOrders`` names a step; its value picks one of the policies in
``rules.skirmish.battle.policy`` (the same ones the deadline default and the AI use). The engine applies
an order the moment its step comes, and the log line says "by standing order".
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.skirmish.state import StandingOrders

CHOICES: dict[str, dict[str, str]] = {
    "defend": {"all": "as defender, every unit in the territory, with the most dice and counters"},
    "losses": {
        "cheapest": "your losses troops first (a 2 costs a troop while you have one), and a 2x "
        "skirmish's extra unit the cheapest you have on the board or in the territory; in a rout, "
        "the attacker's dearest units",
        "board": "as cheapest, but a 2x skirmish's extra unit comes from the territory while it holds "
        "one (its cheapest), keeping the units on the board that decide the battle",
    },
    "assign": {
        "highest": "as defender, your highest dice against the attacker's highest first; as attacker, "
        "extra dice on the skirmish with the highest defender die",
        "lowest": "as defender, your highest dice against the attacker's lowest first; as attacker, "
        "extra dice on the skirmish with the lowest defender die",
        "best": "as defender, win the most skirmishes (and wipe the board when you can); as attacker, "
        "extra dice where they turn a skirmish",
    },
    "order": {
        "best": "as defender, the skirmishes you win first, the biggest wins leading",
        "formed": "as defender, in the order they were formed",
    },
    "occupy": {
        "advance": "after a win, the units from the battle board move in; the others stay",
        "one": "after a win, one unit (the cheapest) moves in",
        "all": "after a win, everything but one troop (or the cheapest unit) moves in",
    },
}
CARDS_HELP = (
    "place your counters where they turn a skirmish and play cards worth at least this much "
    "(Push 2, Charge 3, Rally 1, Stand Fast 2); 99 plays no cards"
)


def check_orders(orders: StandingOrders) -> StandingOrders:
    for field, choices in CHOICES.items():
        value = getattr(orders, field)
        if value is not None and value not in choices:
            allowed = f"is {next(iter(choices))}" if len(choices) == 1 else f"is one of {', '.join(choices)}"
            raise IllegalAction("bad_order", f"The standing order {field} {allowed}; not “{value}”.")
    if orders.cards_from is not None and not 0 <= orders.cards_from <= 99:
        raise IllegalAction("bad_order", "The standing order cards_from is a number from 0 to 99.")
    return orders

"""What happened, in at most five short lines a player reads on a phone (issue 28): the turn ping's
"since your last turn" and the turn message as the turn goes, for the whole table, from public events.

A ruleset may say it best itself with an optional method ``summarise(events, names) -> list[str]``
(optional so that every game has the generic default without writing one), and say whom a seat's own
lines start with by ``actors_of(state, seat) -> Sequence[str]`` when not its player's name (a game
whose players each command several powers). The default is built from the ruleset's own sentences
(``describe``): one line per player who did something, naming their latest sentences and how many more
there were, never log headlines, dice lists or roll numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules.core.events import Event
from rules.core.words import clipped

LINES = 5
LINE_CHARS = 100
_DICE = re.compile(r"\s*(\[[\d ,]+\]|\([^)]*\brolls? [^)]*\))")


def summarise(
    ruleset: Any, events: Sequence[Event], names: Sequence[str], leave_out: Sequence[str] = ()
) -> list[str]:
    """At most ``LINES`` lines of at most ``LINE_CHARS`` characters about ``events`` (public ones);
    ``leave_out``: whom the lines of the reader's own doings start with (``own_actors``: the one the
    ping is for knows what they did)."""
    own = getattr(ruleset, "summarise", None)
    lines = own(events, names) if callable(own) else generic(ruleset, events, names)
    if leave_out:
        mine = tuple(actor + " " for actor in leave_out)
        lines = [line for line in lines if not line.startswith(mine)]
    return [_short(line) for line in lines[:LINES]]


def own_actors(ruleset: Any, state: Any, seat: int, names: Sequence[str]) -> tuple[str, ...]:
    """Whom a seat's own lines start with: the ruleset's ``actors_of`` if it has one, else its name."""
    actors_of = getattr(ruleset, "actors_of", None)
    return tuple(actors_of(state, seat)) if callable(actors_of) else (names[seat],)


def _short(line: str) -> str:
    line = " ".join(line.split())
    return clipped(line, LINE_CHARS)


def generic(
    ruleset: Any, events: Sequence[Event], names: Sequence[str], actors: Sequence[str] | None = None
) -> list[str]:
    """Per player, in the order they first acted, their two latest sentences that matter most: first
    those naming another player (a fight, a conquest: what the table cares about; not a list of the
    table, which names the actor again), then the others.
    Blow-by-blow sentences (dice lists, a round's own marker) are left to the log; "…" says that
    something was left out. ``actors``: who the sentences start with, when not the players' names (a
    game whose players each command several powers tells them by power)."""
    actors = names if actors is None else actors
    said: dict[str, list[str]] = {}
    other: list[str] = []
    for event in events:
        text = ruleset.describe(event, names)
        if not text or _DICE.search(text) or text.startswith(("🎲", "—")):
            continue
        actor = next((a for a in actors if a and text.startswith(a + " ")), None)
        if actor is None:
            other.append(text)
        elif text not in said.get(actor, []):
            said.setdefault(actor, []).append(text)
    if not said:
        return other[-LINES:]
    lines = []
    for actor, texts in said.items():
        rest = [a for a in actors if a and a != actor]
        # A sentence naming its actor again lists the table ("chose to play clockwise: Ann, Bob"): in a
        # game of two it named the other player and crowded out a conquest; it is not about them.
        telling = [
            t for t in texts if any(n in t[len(actor) :] for n in rest) and actor not in t[len(actor) :]
        ]
        pool = telling or texts
        # Two sentences if they fit a line, else the latest alone: clipping the pair cut off its end,
        # where the outcome is ("attacked Zephyr Bluff … with 6 troops, 1 cannon: 8 dice; took…").
        for latest in (pool[-2:], pool[-1:]):
            # "Bob … took Congo; took Egypt.": the name once.
            line = "; ".join(t[len(actor) + 1 :].rstrip(".") for t in latest)
            line = f"{actor} {'… ' if len(texts) > len(latest) else ''}{line}."
            if len(line) <= LINE_CHARS:
                break
        lines.append(line)
    return lines[-LINES:]

"""Checks every ruleset must pass, shared by the conformance tests of all games.

A playout is a whole game played by agents from a seed; the helpers check after every action that
the engine keeps its contract: a move is listed when one is due, states, actions and events survive
JSON exactly, and replaying the log from the seed rebuilds the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.agents import Agent
from rules.core.codec import from_json, to_json
from rules.core.dice import SeededRng
from rules.core.events import Action, Event
from rules.core.options import OptionValue
from rules.core.ruleset import Ruleset

Check = Callable[[Any, Any, Action, list[Event]], None]


class ContractBroken(AssertionError):
    """An engine broke the contract; the message says how and where."""


@dataclass
class Playout:
    state: Any
    log: list[tuple[int, Action, list[Event]]] = field(default_factory=list)
    setup_events: list[Event] = field(default_factory=list)


def play(
    rules: Ruleset,
    seats: int,
    agents: Sequence[Agent],
    seed: str,
    options: Mapping[str, OptionValue] | None = None,
    max_actions: int = 50_000,
    check: Check | None = None,
    roundtrip_every: int = 0,
) -> Playout:
    """Play to the end (or ``max_actions``), calling ``check(before, after, action, events)`` each step."""
    rng = SeededRng(seed)
    state, setup_events = rules.setup(options or {}, seats, rng)
    game = Playout(state, setup_events=setup_events)
    for step in range(max_actions):
        if rules.result(state) is not None:
            break
        waiting = rules.to_act(state)
        if not waiting:
            raise ContractBroken(f"step {step}: no result, yet no seat to act")
        seat = waiting[0]
        if not rules.legal(state, seat):
            raise ContractBroken(f"step {step}: seat {seat} must act but has no legal move")
        action = agents[seat].choose(state, seat)
        after, events = rules.apply(state, seat, action, rng)
        if check is not None:
            check(state, after, action, events)
        if roundtrip_every and step % roundtrip_every == 0:
            check_roundtrip(rules, after, action, events)
        game.log.append((seat, action, events))
        state = after
    game.state = state
    return game


def check_roundtrip(rules: Ruleset, state: Any, action: Action, events: Sequence[Event]) -> None:
    """State, action and events must decode from their JSON to equal values."""
    if from_json(to_json(state), rules.state_type) != state:
        raise ContractBroken("the state does not survive a JSON round trip")
    if from_json(to_json(action), rules.action_type) != action:
        raise ContractBroken(f"{action!r} does not survive a JSON round trip")
    for event in events:
        if from_json(to_json(event), rules.event_type) != event:
            raise ContractBroken(f"{event!r} does not survive a JSON round trip")


def replay(
    rules: Ruleset,
    seats: int,
    seed: str,
    options: Mapping[str, OptionValue] | None,
    actions: Sequence[tuple[int, Action]],
) -> tuple[Any, list[Event]]:
    """Rebuild a game from its seed and action log; returns the state and every event."""
    rng = SeededRng(seed)
    state, events = rules.setup(options or {}, seats, rng)
    for seat, action in actions:
        state, happened = rules.apply(state, seat, action, rng)
        events.extend(happened)
    return state, events

"""Axis & Allies as typed text: the terminal client's commands, shaped like the /aa slash commands.

``parse`` turns ``move 2 inf, 1 tank from germany to karelia`` into the engine's ``Move`` (units through
``units.py``, places through the board's lookup; with only the ends named, the engine finds the route);
``describe`` writes an action back as the command that makes it; ``situation`` and ``notice`` are the
prompt's details and the hint when a battle waits for a decision. ``bot/commands.py`` asks ``TEXT``
before its generic parser. Also the text that /aa shares with the terminal: the odds sentence and the
unit table. Pure: no Discord here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from bot.commands import CLIENT_COMMANDS, PlainText, unknown_command
from bot.games.axis_allies.choices import (
    battle_spaces,
    casualty_prompt,
    default_casualties,
    move_path,
    retreat_spaces,
    shown,
    space_name,
)
from bot.games.axis_allies.steps import STEPS, auto_casualties
from bot.games.axis_allies.units import UnitCounts, parse_units, unit_id, unit_label, units_text, units_value
from bot.models import ServiceError
from bot.parsing import is_count, quoted
from rules.axis_allies import RULES, combat
from rules.axis_allies import actions as aa
from rules.axis_allies.board import POWER_NAMES
from rules.axis_allies.common import ipcs_text
from rules.axis_allies.odds import Odds
from rules.axis_allies.odds import battle_odds as rules_odds
from rules.axis_allies.state import AAState, Phase
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES, Tech, unit_words
from rules.axis_allies.views import AAView
from rules.core.events import Action
from rules.core.names import closest

ODDS_MAX_UNITS = 150  # beyond what can stand on the board; 150 v 150 simulated takes about half a second
ODDS_TRIALS = 10_000  # when a battle is too big to solve exactly: about ±0.5 points of noise

_ODDS_EXAMPLE = "odds 3 inf, 2 arm vs 4 inf"
HELP: tuple[tuple[str, str], ...] = (
    ("research <dice>", "weapons development, 5 IPCs a die: research 2"),
    ("buy <units>", "buy 3 infantry, 1 tank  (short forms: inf art arm ftr bmb tpt sub dd ac bb aa ic)"),
    ("move <units> from <a> to <b>", "move 2 infantry, 1 tank from russia to ukraine"),
    ("  [via <x>, <y>] [bomb]", "the spaces between (default: a shortest legal route); bomb: a raid"),
    ("battle [territory]", "fight a battle (the next one if you name none): battle ukraine"),
    ("casualties [units]", "lose these units: casualties 2 infantry; no units: the cheapest"),
    ("order <power>", "a defence of several powers: which loses first: order uk"),
    ("press / retreat <space>", "fight another round / retreat the attackers: retreat caucasus"),
    ("submerge", "your submarines leave the battle"),
    ("rocket <territory>", "an AA gun strikes an enemy industrial complex within 3"),
    ("place <units> in <space>", "place 3 infantry, 1 tank in russia"),
    ("end", "end the phase (purchase, combat move, combat, non-combat move, placing)"),
    ("odds <units> vs <units>", f"battle odds (add sea for a sea battle): {_ODDS_EXAMPLE}"),
    ("units", "the unit table: attack, defence, movement, cost"),
)
NOTE = "Places: names, short forms or beginnings, any case: karelia ssr, ukraine, finland, north sea."

_ALIASES = {
    "fight": "battle",
    "lose": "casualties",
    "casualty": "casualties",
    "press_on": "press",
    "presson": "press",
    "end_phase": "end",
    "endphase": "end",
    "casualty_order": "order",
    "casualtyorder": "order",
    "mobilize": "place",
    "sub": "submerge",
}
_MOVE_USAGE = (
    "move <units> from <space> to <space> [via <space>, <space>] [bomb], "
    "e.g. move 2 infantry from russia to ukraine"
)
_PLACE_USAGE = "place <units> in <space>, e.g. place 3 infantry in russia"


def parse(words: Sequence[str], state: AAState) -> Action | None:
    """The action a typed command stands for; None for a verb that is not one of these (the generic
    parser then tries it). Words become units and places here; the engine checks the move itself."""
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    rest = " ".join(words[1:]).strip()
    if verb == "buy":
        return aa.Buy(parse_units(rest))
    if verb == "research":
        if not is_count(rest) or int(rest) < 1:
            raise ServiceError("bad_command", "Research takes a number of dice, like “research 2”.")
        return aa.Research(int(rest))
    if verb == "move":
        return _move(words[1:])
    if verb == "battle":
        return aa.Battle(space_name(rest) if rest else _next_battle(state))
    if verb == "casualties":
        return aa.Casualties(parse_units(rest)) if rest else auto_casualties(state)
    if verb == "order":
        return aa.CasualtyOrder(tuple(power_id(p) for p in rest.split(",") if p.strip()))
    if verb == "retreat":
        return aa.Retreat(_retreat_to(rest, state))
    if verb == "rocket":
        return aa.Rocket(space_name(_needs(rest, "rocket <territory>, e.g. rocket germany")))
    if verb == "place":
        return _place(words[1:])
    if verb == "submerge":  # to the zone named, or the first the battle offers
        return aa.Submerge(space_name(rest) if rest else "")
    plain: dict[str, Action] = {"press": aa.PressOn(), "end": aa.EndPhase()}
    if verb in plain:
        if rest:
            raise ServiceError("bad_command", f"“{verb}” takes nothing after it.")
        return plain[verb]
    _suggest(words[0])
    return None


def _first_words(rows: Sequence[tuple[str, str]]) -> list[str]:
    """The commands a help table names: "press / retreat <space>" -> press, retreat."""
    return [part.split()[0] for usage, _ in rows for part in usage.split(" / ") if part.split()]


# Every word a command may begin with here: this game's, their aliases, and the terminal's own.
_VERBS = frozenset([*_first_words(HELP), *_ALIASES, *_first_words(CLIENT_COMMANDS), "resign"])


def _suggest(verb: str) -> None:
    """A mistyped command ("casualtes", "byu") gets the likely word; a word that is a command, or near
    none, goes on to the generic reader (which knows the terminal's own commands)."""
    if verb.lower() in _VERBS:
        return
    meant = sorted(_VERBS - _ALIASES.keys())
    if closest(verb, meant):
        raise unknown_command(verb, meant)


def _needs(text: str, usage: str) -> str:
    if not text:
        raise ServiceError("bad_command", f"Something is missing. Usage: {usage}")
    return text


def _split(words: Sequence[str], keys: Sequence[str]) -> dict[str, str]:
    """Words cut at the first of each keyword: ``{"": units, "from": ..., "to": ...}`` (lower case)."""
    parts: dict[str, list[str]] = {"": []}
    current = ""
    for word in words:
        low = word.lower()
        if low in keys and low not in parts:
            current = low
            parts[current] = []
        else:
            parts[current].append(word)
    return {key: " ".join(found).strip() for key, found in parts.items()}


def _move(words: Sequence[str]) -> aa.Move:
    bomb = any(w.lower() == "bomb" for w in words)
    parts = _split([w for w in words if w.lower() != "bomb"], ("from", "to", "via"))
    units, source, target = parts[""], parts.get("from", ""), parts.get("to", "")
    if not (units and source and target):
        raise ServiceError("bad_command", f"Say which units go from where to where. Usage: {_MOVE_USAGE}")
    if "via" in parts and not parts["via"]:
        raise ServiceError("bad_command", f"Name the spaces after “via”. Usage: {_MOVE_USAGE}")
    return aa.Move(parse_units(units), move_path(source, target, parts.get("via")), bomb)


def _place(words: Sequence[str]) -> aa.Place:
    at = next((i for i in range(len(words) - 1, 0, -1) if words[i].lower() in ("in", "at")), None)
    if at is None:  # "place 3 inf russia", as a newcomer typed it: the units, then the space
        for cut in range(len(words) - 1, 0, -1):
            try:
                return aa.Place(parse_units(" ".join(words[:cut])), space_name(" ".join(words[cut:])))
            except ServiceError:
                continue
    if at is None or at == len(words) - 1:
        raise ServiceError("bad_command", f"Say where to place them. Usage: {_PLACE_USAGE}")
    return aa.Place(parse_units(" ".join(words[:at])), space_name(" ".join(words[at + 1 :])))


def _next_battle(state: AAState) -> str:
    options = battle_spaces(state, "")
    if not options:
        raise ServiceError("no_battles", "There is no battle to fight now.")
    return options[0][1]


def _retreat_to(text: str, state: AAState) -> str:
    if text:
        return space_name(text)
    options = [label for label, _ in retreat_spaces(state, "")]
    where = f" You may retreat to {', '.join(options)}." if options else " No retreat is open now."
    example = options[0] if options else "ukraine"
    raise ServiceError("bad_command", f"Say where to retreat to, like “retreat {example}”.{where}")


def power_id(text: str) -> str:
    """The power a player named (``uk``, ``United Kingdom``), or a sentence listing the powers."""
    wanted = " ".join(text.lower().split())
    for power, name in POWER_NAMES.items():
        if wanted in (power, name.lower()):
            return power
    known = ", ".join(f"{name} ({power})" for power, name in POWER_NAMES.items())
    raise ServiceError("unknown_power", f"“{text.strip()}” is not a power. Powers: {known}.")


def describe(action: Action) -> str:
    """An action as the command that makes it (``parse`` reads it back to the same action), with
    spaces named as players read them (``parse`` takes both spellings)."""
    return shown(_command(action))


def _command(action: Action) -> str:
    if isinstance(action, aa.Move):
        via = f" via {', '.join(action.path[1:-1])}" if len(action.path) > 2 else ""
        bomb = " bomb" if action.bomb else ""
        return f"move {units_value(action.units)} from {action.path[0]} to {action.path[-1]}{via}{bomb}"
    if isinstance(action, aa.Place):
        return f"place {units_value(action.units)} in {action.territory}"
    values = [
        _written(getattr(action, f.name))
        for f in msgspec.structs.fields(action)
        if f.required or getattr(action, f.name) != f.default  # a default is not typed
    ]
    return " ".join([_VERB_OF.get(type(action), type(action).__name__.lower()), *filter(None, values)])


_VERB_OF: dict[type, str] = {
    aa.Research: "research",
    aa.Buy: "buy",
    aa.Battle: "battle",
    aa.Casualties: "casualties",
    aa.CasualtyOrder: "order",
    aa.Retreat: "retreat",
    aa.PressOn: "press",
    aa.Submerge: "submerge",
    aa.Rocket: "rocket",
    aa.EndPhase: "end",
    aa.Resign: "resign",
}


def _written(value: object) -> str:
    """A field as typed: units as ``3 infantry, 1 tank``, other tuples (powers) comma-separated."""
    if isinstance(value, tuple):
        return units_value(value) if value and isinstance(value[0], tuple) else ", ".join(value)
    return str(value)


# The phases as the prompt names them: as the log's "USSR: non-combat move." does, short for purchase.
PHASE_WORDS = {Phase.COMBAT_MOVE: "combat move", Phase.NONCOMBAT_MOVE: "non-combat move"}


def situation(view: AAView) -> str:
    """The prompt's details after the turn label (round and power): the phase, the power's IPCs (and what
    waits to be placed)."""
    ipcs = next((p.ipcs for p in view.powers if p.power == view.power), 0)
    parts = [PHASE_WORDS.get(view.phase, view.phase.value), ipcs_text(ipcs)]
    if view.battle is not None:
        parts.append(f"battle in {shown(view.battle.where)}")
    elif view.phase is Phase.MOBILIZE and view.bought:
        parts.append(f"to place: {units_text(view.bought)}")
    return ", ".join(parts)


def notice(state: AAState) -> str | None:
    """What a battle waits for, as commands to type (the casualties with the rules' default choice);
    in the combat phase between battles, the battles left. None when nothing needs saying."""
    battle = state.battle
    if battle is not None and isinstance(battle.pending, combat.AwaitCasualties):
        default = default_casualties(battle)
        return (
            f"{casualty_prompt(battle, default).replace('**', '')} Type “casualties” to lose those "
            f"(the cheapest), or name your own, like “casualties {units_value(default.items())}”."
        )
    if battle is None and state.phase is not Phase.COMBAT:
        return None
    typed: list[str] = []
    for step in STEPS.next(RULES.view(state, None), ()):  # the buttons Discord shows
        if step.menu and battle is not None:  # too many places for buttons: a menu there
            typed += [describe(aa.Retreat(to)) for to in battle.retreat_to]
            continue
        action = STEPS.action(step.verb, step.arg, state)
        if action is not None:
            typed.append(describe(action))
    if not typed:
        return None
    where = f"{shown(battle.where)}: the battle waits for you" if battle is not None else "Combat"
    return f"{where}. Next: {' · '.join(typed)}"


# ---- looking (shared with /aa odds and /aa units) -----------------------------------------------------


def query(words: Sequence[str]) -> str | None:
    """The answer to a command that only looks (``odds``, ``units``); None for any other verb."""
    verb = words[0].lower()
    if verb == "units":
        return unit_table(mark="")
    if verb != "odds":
        return None
    rest = list(words[1:])
    sea = bool(rest) and rest[-1].lower() == "sea"
    parts = _split(rest[:-1] if sea else rest, ("vs", "against", "v"))
    defenders = parts.get("vs") or parts.get("against") or parts.get("v") or ""
    if not parts[""] or not defenders:
        raise ServiceError("bad_command", f"Usage: odds <units> vs <units> [sea], e.g. {_ODDS_EXAMPLE}")
    question = odds_question(parts[""], defenders, sea)
    return odds_text(question, battle_odds(question), mark="")


@dataclass(frozen=True, slots=True)
class OddsQuestion:
    """A battle to give the odds of, as a player asked it."""

    attack: UnitCounts
    defence: UnitCounts
    sea: bool
    attacker_techs: tuple[str, ...] = ()
    defender_techs: tuple[str, ...] = ()
    bombard: int = 0  # battleships bombarding in the first round (land)
    retreat_after: int = 0  # the attacker retreats after this round (0: fights on)
    # Which kinds each side loses first, as the player would choose casualties (empty: cheapest first).
    attacker_losses: tuple[str, ...] = ()
    defender_losses: tuple[str, ...] = ()


def odds_question(
    attackers: str,
    defenders: str,
    sea: bool,
    *,
    attacker_techs: str = "",
    defender_techs: str = "",
    bombard: int = 0,
    retreat_after: int = 0,
    attacker_losses: str = "",
    defender_losses: str = "",
) -> OddsQuestion:
    """Both sides of an odds question, read and checked: units as players type them (a transport's
    cargo does not fight, so ``transport:infantry`` counts as a transport), at most
    ``ODDS_MAX_UNITS`` a side, technologies by name, casualty orders as unit names (``"inf, art, arm"``:
    infantry die first)."""
    attack, defence = _fighting(parse_units(attackers)), _fighting(parse_units(defenders))
    if max(sum(n for _, n in attack), sum(n for _, n in defence)) > ODDS_MAX_UNITS:
        raise ServiceError(
            "too_many", f"Odds are for up to {ODDS_MAX_UNITS} units a side (the whole board holds fewer)."
        )
    return OddsQuestion(
        attack,
        defence,
        sea,
        _techs(attacker_techs),
        _techs(defender_techs),
        bombard,
        retreat_after,
        _losses(attacker_losses),
        _losses(defender_losses),
    )


def _losses(text: str) -> tuple[str, ...]:
    """A casualty order: unit kinds, first lost first, each once (a repeat adds nothing)."""
    kinds = [unit_id(word) for word in re.split(r",|\s+then\s+|>", text) if word.strip()]
    return tuple(dict.fromkeys(kinds))


def _fighting(units: UnitCounts) -> UnitCounts:
    merged: dict[str, int] = {}
    for name, n in units:
        base = name.partition(":")[0]
        merged[base] = merged.get(base, 0) + n
    return tuple(merged.items())


def _techs(text: str) -> tuple[str, ...]:
    names = [
        " ".join(t.lower().replace("_", " ").split()).replace(" ", "_") for t in text.split(",") if t.strip()
    ]
    known = {tech.value for tech in Tech}
    unknown = [n for n in names if n not in known]
    if unknown:
        shown = ", ".join(t.replace("_", " ") for t in sorted(known))
        raise ServiceError(
            "unknown_tech", f"“{quoted(unknown[0])}” is not a technology. Technologies: {shown}."
        )
    return tuple(names)


def battle_odds(question: OddsQuestion) -> Odds:
    """Exact odds where the battle is small enough to solve (the rules' ``battle_odds``; every land
    battle up to 30 a side, every sea battle up to 20), else 10,000 simulated battles. An AA gun among
    land defenders fires; industrial complexes do not fight. A battle the rules cannot fight (ships on
    land) is refused with the rules' own sentence."""
    defence = dict(question.defence)
    aa = bool(defence.pop("aa_gun", 0)) and not question.sea
    defence.pop("factory", None)
    attack = {u: n for u, n in question.attack if u not in ("aa_gun", "factory")}
    if not attack or not defence:
        raise ServiceError(
            "no_fight", "Both sides need units that fight (AA guns and factories do not attack)."
        )
    try:
        return rules_odds(
            attack,
            defence,
            sea=question.sea,
            attacker_techs=question.attacker_techs,
            defender_techs=question.defender_techs,
            aa=aa,
            bombard=question.bombard,
            retreat_after=question.retreat_after,
            attacker_order=question.attacker_losses,
            defender_order=question.defender_losses,
            trials=ODDS_TRIALS,
        )
    except ValueError as refusal:  # the rules' sentence: "1 battleship cannot fight a land battle"
        said = str(refusal)
        raise ServiceError("bad_odds", f"{said[:1].upper()}{said[1:]}.") from None


def _losses_text(side: str, kinds: tuple[str, ...]) -> str:
    shown = ", then ".join(unit_label(kind, 2).partition(" ")[2] for kind in kinds)
    return f"the {side} loses {shown} first" if kinds else ""


def odds_text(question: OddsQuestion, result: Odds, took: float | None = None, mark: str = "**") -> str:
    """The odds as a sentence; ``mark`` wraps the sides (Discord's bold); ``took``: seconds, if to say."""
    left = units_text([(u, round(n)) for u, n in result.attacker_survivors.items() if round(n)])
    timing = f" in {took * 1000:.0f} ms" if took is not None else ""
    how = "exact" if result.exact else f"{result.trials:,} battles simulated"
    sides = f"{mark}{units_text(question.attack)}{mark} attacking {mark}{units_text(question.defence)}{mark}"
    extras = [
        f"attacker's technologies: {', '.join(question.attacker_techs)}" if question.attacker_techs else "",
        f"defender's technologies: {', '.join(question.defender_techs)}" if question.defender_techs else "",
        f"{unit_words('battleship', question.bombard)} bombarding" if question.bombard else "",
        f"retreating after round {question.retreat_after}" if question.retreat_after else "",
        _losses_text("attacker", question.attacker_losses),
        _losses_text("defender", question.defender_losses),
    ]
    retreat = f", retreats {result.retreated:.1%}" if question.retreat_after else ""
    return (
        f"{sides} ({'sea' if question.sea else 'land'}"
        + "".join(f"; {e}" for e in extras if e)
        + f"): the attacker wins {result.attacker_wins:.1%}, the defence holds {result.defender_wins:.1%}, "
        f"both wiped out {result.draws:.1%}{retreat}; {result.average_rounds:.1f} rounds on average; "
        f"the attacker keeps about {left} ({how}{timing})."
    )


def unit_table(mark: str = "`") -> str:
    """Attack, defence, movement and cost of every unit, one line each (``mark``: Discord's code span)."""
    width = max(len(UNIT_TYPES[uid].name) for uid in UNIT_ORDER)  # whole names: "Aircraft Carrier"
    lines = [f"{mark}{'unit':<{width}} att def mov cost{mark}"]
    for uid in UNIT_ORDER:
        t = UNIT_TYPES[uid]
        extra = " (optional rule)" if t.optional else ""
        # An AA gun and a factory never roll in a battle's attack or defence: "–", as the rules page writes
        # it, not 0 (an AA gun does fire, at 1 against aircraft, which "0" would deny).
        attack, defense = (t.attack, t.defense) if t.fights else ("–", "–")
        row = f"{t.name:<{width}} {attack:>3} {defense:>3} {t.movement:>3} {t.cost:>4}"
        lines.append(f"{mark}{row}{mark}{extra}")
    return "\n".join(lines)


class AxisAlliesText(PlainText):
    """The typed commands above, as the framework's ``TextCommands``."""

    help = HELP
    note = NOTE

    def parse(self, words: Sequence[str], state: AAState) -> Action | None:
        return parse(words, state)

    def describe(self, action: Action) -> str | None:
        return describe(action)

    def situation(self, view: AAView) -> str:
        return situation(view)

    def notice(self, state: AAState) -> str | None:
        return notice(state)

    def query(self, words: Sequence[str]) -> str | None:
        return query(words)


TEXT = AxisAlliesText()

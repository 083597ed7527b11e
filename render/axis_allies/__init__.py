"""Pictures of an Axis & Allies Classic game, all made from views (``rules.axis_allies.views``).

``PICTURES`` is what callers above ``render`` use (the contract in ``render.core.pictures``); the
functions behind it are exported for tests and benches. ``close_up`` is a second picture with the
board's signature (the close-up of Europe when the action is there, else None), for a caller that sends
it beside the board. Inside: ``picture`` (view and events -> plain picture data), ``map`` (the world
map) over ``base`` (its static layer, the whole map or a window of it) with ``colours``, ``places``
(labels and chip places) and ``layout`` (where chips and markers go), ``diff`` and ``changes`` (what
changed, and how it is drawn), ``theatre`` (the close-up), ``icons`` (unit icons, chips and tokens),
``legend`` (title bar and legend), ``battle`` (the battle card) and ``replay`` (an animated replay's
frames).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from render.axis_allies.base import map_base, map_palette, power_colour
from render.axis_allies.battle import BattlePicture, Fire, battle_image, render_battle
from render.axis_allies.changes import outlines_ahead
from render.axis_allies.icons import chip_look, chip_style, icons_ahead
from render.axis_allies.layout import laid_out, markers_ahead, places_ahead
from render.axis_allies.legend import phase_text
from render.axis_allies.map import (
    DEFAULT_WIDTH,
    MapPicture,
    Token,
    clear_cache,
    map_image,
    names_ahead,
    render_map,
    token_layout,
)
from render.axis_allies.picture import battle_picture, map_changes, map_picture
from render.axis_allies.replay import replay
from render.axis_allies.theatre import THEATRES, action_in, close_up_base, render_theatre, theatre_image
from render.core import colours as C
from render.core.fonts import font
from render.core.marks import change_tag, signed, tag_style
from render.core.pictures import Pictures
from render.core.text import layers_ahead, masks_ahead
from rules.axis_allies.board import POWER_NAMES, POWERS, classic_board
from rules.axis_allies.odds import QUICK, exact, work
from rules.axis_allies.state import Phase
from rules.axis_allies.views import AAView
from rules.core.events import Event

__all__ = [
    "DEFAULT_WIDTH",
    "PICTURES",
    "THEATRES",
    "BattlePicture",
    "Fire",
    "MapPicture",
    "Token",
    "action_in",
    "battle_image",
    "battle_picture",
    "clear_cache",
    "close_up",
    "map_changes",
    "map_image",
    "map_picture",
    "render_battle",
    "render_map",
    "render_theatre",
    "theatre_image",
    "token_layout",
]


def _board_png(view: AAView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes:
    """The map with what changed among ``recent`` drawn on it (``render.axis_allies.changes``)."""
    return render_map(map_picture(view, names, title, recent), width=DEFAULT_WIDTH)


def _battle_png(
    view: AAView, events: Sequence[Event], names: Sequence[str], *, seat: int | None = None
) -> bytes | None:
    """The battle card for the last round fought among ``events``, each power with its player's name,
    with the exact odds the battle had before that round's dice (``round_odds``). ``seat`` aside: two
    sides fight every battle, so a player's side is in each."""
    picture = battle_picture(events, view, names)
    if picture is None:
        return None
    return render_battle(replace(picture, odds=round_odds(picture)))


# The odds bar is worth a few milliseconds of a worker thread, not more: a battle whose exact odds cost
# more than this much of the solver's work (``rules.axis_allies.odds.work``, ~50 ms) is drawn without.
ODDS_WORK = QUICK // 10


def round_odds(picture: BattlePicture) -> tuple[float, float, float] | None:
    """(attacker wins, both wiped out, defender holds) from the units at the start of the picture's
    round, each side losing its cheapest units first; an AA gun fires in the first round only. None
    where the solver would take long (a very big battle)."""
    attack, defence = _kinds(picture.attacking), _kinds(picture.defending)
    aa = bool(defence.pop("aa_gun", 0)) and picture.round == 1
    attack.pop("aa_gun", None)
    sea = classic_board().territories[picture.territory].is_sea
    if not attack or not defence or work(attack, defence, sea=sea, aa=aa) > ODDS_WORK:
        return None
    try:
        odds = exact(attack, defence, sea=sea, aa=aa)
    except ValueError:  # a battle the solver does not model (nothing that can fight): no bar
        return None
    return (odds.attacker_wins, odds.draws, odds.defender_wins)


def _kinds(forces: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """A side's units by kind, over its powers; factories do not fight."""
    kinds: dict[str, int] = {}
    for by_unit in forces.values():
        for unit, n in by_unit.items():
            if unit != "factory" and n > 0:
                kinds[unit] = kinds.get(unit, 0) + n
    return kinds


def close_up(view: AAView, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()) -> bytes | None:
    """A second picture beside the board: the close-up of Europe, when the action among ``recent`` (or a
    battle waiting) is there; None otherwise. The board's signature, so it can sit beside ``board``."""
    return render_theatre(map_picture(view, names, title, recent))


def _private_png(view: AAView, names: Sequence[str]) -> bytes | None:
    """Nothing: Axis & Allies hides nothing from anyone."""
    return None


def _warm() -> None:
    """The static layers of the map and the close-up; then, for each, what a first position pastes
    (numbers, names, markers and chip icons in each size and colour they are drawn in, the outlines of
    captures and battles), the panels' numbers and words, and the close-up's chip places for the start
    read (the bot's start-up draws the start's board, but no close-up: there is no action to show)."""
    close = close_up_base()
    for base in (map_base(DEFAULT_WIDTH), close):
        _numbers_ahead(base.ui)
        names_ahead(base)
        markers_ahead(base)
        icons_ahead(chip_style(base.ui))
        outlines_ahead(base)
    _panels_ahead(DEFAULT_WIDTH / 1600)  # (the close-up's title bar is the map's: ``theatre.TITLE_UI``)
    start = _start()
    laid_out(start, close)
    for base in (map_base(DEFAULT_WIDTH), close):
        places_ahead(start, base)


def _numbers_ahead(ui: float) -> None:
    """The numbers a first position shows on a map of scale ``ui``, made in the fonts and colours they
    are drawn in: chip counts in each power's ink (``render.core.text.layers_ahead``), the change tags
    (badges). Making them was most of what a first-seen position did that a later one does not; a
    first position now pastes them."""
    palette = map_palette()
    style, counts = chip_style(ui), [str(n) for n in range(100)]
    inks = [chip_look(power)[3] for power in POWERS]
    # Counts as big as positions show them (an army of 60 in one space is rare, a kind's 30 rarer): the
    # rest still have their masks made, and are mapped if they come. About 2 MB per map scale.
    layers_ahead(counts[2:60], font(style.total_font, bold=True), inks, "lm")
    for _, size in style.mini:
        layers_ahead(counts[2:30], font(size, bold=True), inks, "lm")
        masks_ahead(counts, font(size, bold=True), "lm")
    masks_ahead(counts, font(style.total_font, bold=True), "lm")
    tags = tag_style(ui * 1.1)  # the change tags, and the same size's plain counts (the marker rows')
    masks_ahead([signed(n) for n in range(-40, 41) if n] + counts, font(tags.font_size, bold=True), "mm")
    for power in POWERS:
        colour = power_colour(power)
        ramp = palette.ramp(C.ink_on(colour), colour)
        for n in range(-20, 21):
            if n:
                change_tag(n, tags, palette[colour], palette[C.INK], ramp)


def _panels_ahead(ui_panel: float) -> None:
    """The title bar's and legend's numbers and words that do not name a player, in their colours."""
    palette = map_palette()
    figures = [palette.ramp(C.TEXT, bg) for bg in (C.PANEL, C.PANEL_HIGHLIGHT)]
    layers_ahead([str(n) for n in range(250)], font(round(22 * ui_panel)), figures, "rm")
    layers_ahead(POWER_NAMES.values(), font(round(22 * ui_panel), bold=True), figures, "lm")
    muted = [palette.ramp(C.MUTED, C.PANEL)]
    layers_ahead([f"  income {n}" for n in range(200)], font(round(18 * ui_panel)), muted, "lm")
    rounds = [f"Round {n}" for n in range(1, 16)]
    statuses = [f"{r} · {phase_text(p)}" for r in rounds for p in Phase] + rounds
    layers_ahead(statuses, font(round(22 * ui_panel)), muted, "lm")


def _start() -> MapPicture:
    """The board's starting position (owners and units), as a picture."""
    board = classic_board()
    return MapPicture(
        owners={name: t.original_owner for name, t in board.territories.items() if not t.is_sea},
        units={
            name: {power: dict(units) for power, units in by_power.items()}
            for name, by_power in board.starting_units.items()
        },
        ipcs=dict(board.starting_ipcs),
        income=dict(board.starting_ipcs),
        to_move=POWERS[0],
        phase=Phase.PURCHASE.value,
        round=1,
        title="",
    )


PICTURES = Pictures(
    board=_board_png, battle=_battle_png, private=_private_png, warm=_warm, replay=replay, close_up=close_up
)

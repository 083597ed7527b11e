"""The Attack! pictures: drawn from views only (nothing a seat hides changes another's picture), small
PNGs, readable sizes at 550 px wide, every region and sea zone of each layout on its map, marks never
left overlapping, and what changed drawn from the events given."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from msgspec.structs import replace
from PIL import Image

import render.attack.base as base_module
from data import load_json
from render.attack import (
    PICTURES,
    board_base,
    changes,
    place,
    render_battle,
    render_board,
    render_private,
    stored,
)
from render.attack.base import STORED, WIDTHS, _build, zone_font_size, zone_places
from render.attack.board import laid_out
from render.attack.keys import key_boxes, key_style
from render.attack.seas import KEPT, name_box, options, place_names, step_aside
from render.attack.settle import Choice, covered
from render.attack.sprites import army_style, name_sprite
from render.attack.style import NAME_PX, REFERENCE_WIDTH, region_slot, zone_slot
from render.core.fonts import font
from rules.attack import RULES
from rules.attack.board import board
from rules.attack.secrets import vary_secrets
from rules.attack.state import NavyBattle
from tests.render.attack import samples

MIB = 1024 * 1024
SHOWN = 550  # how wide Discord shows a picture on a phone


@pytest.mark.parametrize("layout", ["western", "pacific", "world"])
def test_every_region_and_sea_zone_of_a_layout_is_on_its_map(layout: str) -> None:
    base = board_base(layout)
    layout_board = board(layout)
    counts = base.image.histogram()
    assert all(counts[region_slot(r)] > 30 for r in range(layout_board.regions))
    assert all(counts[zone_slot(z)] > 30 for z in range(layout_board.zones))
    assert base.width == WIDTHS[layout]


def test_counts_and_standings_stay_readable_at_550_px_for_every_layout() -> None:
    for layout, width in WIDTHS.items():
        ui = width / REFERENCE_WIDTH
        assert army_style(ui).font_size * SHOWN / width >= 11, f"{layout}: badge digits too small"
        assert key_style(ui).font_size * SHOWN / width >= 11, f"{layout}: a sea's key too small"
        assert round(22 * ui) * SHOWN / width >= 10.5, f"{layout}: standings too small"


def test_region_and_sea_zone_names_are_9_px_text_at_550_px_for_every_layout() -> None:
    # Measured on the drawn letters: a capital H of 9 px DejaVu text is 6.6 px tall (15 px names were 5.5).
    for layout, width in WIDTHS.items():
        ui = width / REFERENCE_WIDTH
        region = name_sprite("H", ui)
        rim = max(1, round(NAME_PX * ui / 10))  # the dark rim round the letters
        assert (region.size[1] - 2 * rim) * SHOWN / width >= 6.5, f"{layout}: region names too small"
        zone = font(zone_font_size(ui)).getbbox("H")
        assert (zone[3] - zone[1]) * SHOWN / width >= 6.5, f"{layout}: sea-zone names too small"


@pytest.mark.parametrize(
    ("state", "recent", "names"),
    [
        (samples.western_state(), samples.western_recent(), samples.NAMES[:3]),
        (samples.world_state(), samples.world_recent(), samples.NAMES),
        (samples.setup_state(), [], samples.NAMES[:4]),
    ],
    ids=["western", "world", "pacific-setup"],
)
def test_the_board_is_a_small_png_and_shows_nothing_a_seat_hides(state, recent, names) -> None:
    png = PICTURES.board(RULES.view(state, None), names, title="Attack!", recent=recent)
    assert png.startswith(b"\x89PNG") and len(png) < MIB
    for seat in range(state.players):
        varied = RULES.view(vary_secrets(state, seat, 3), None)
        assert PICTURES.board(varied, names, title="Attack!", recent=recent) == png


def test_the_same_board_whatever_was_drawn_before_and_on_any_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cluster separations kept between boards (``render.attack.place``) give exactly what separating
    afresh gives: after other boards, from threads sharing a cold cache, and with nothing kept."""
    view, recent = RULES.view(samples.world_state(), None), samples.world_recent()
    place._separated.cache_clear()
    first = render_board(view, samples.NAMES, recent=recent)
    render_board(
        RULES.view(samples.western_state(), None), samples.NAMES[:3], recent=samples.western_recent()
    )
    assert render_board(view, samples.NAMES, recent=recent) == first
    place._separated.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        drawn = list(pool.map(lambda _: render_board(view, samples.NAMES, recent=recent), range(6)))
    assert all(png == first for png in drawn)
    monkeypatch.setattr(place, "_separated", place._separated.__wrapped__)
    assert render_board(view, samples.NAMES, recent=recent) == first


def test_marks_are_never_left_overlapping() -> None:
    for state, recent in ((samples.western_state(), samples.western_recent()), (samples.world_state(), [])):
        view = RULES.view(state, None)
        base = board_base(view.layout)
        sprites, centres, *_ = laid_out(view, base, changes(recent))
        boxes = [
            (x - s.size[0] / 2, y - s.size[1] / 2, x + s.size[0] / 2, y + s.size[1] / 2)
            for s, (x, y) in zip(sprites, centres, strict=True)
            if s is not None
        ]
        overlaps = [
            (a, b)
            for i, a in enumerate(boxes)
            for b in boxes[i + 1 :]
            if a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1
        ]
        assert overlaps == [], f"{view.layout}: {len(overlaps)} marks overlap"


LAYOUT_SAMPLES = {
    "western": samples.western_state,
    "pacific": samples.setup_state,
    "world": samples.world_state,
}


def _region_boxes(view, base, recent=()):
    sprites, centres, *_ = laid_out(view, base, changes(recent))
    return [
        (x - s.size[0] / 2, y - s.size[1] / 2, x + s.size[0] / 2, y + s.size[1] / 2)
        for s, (x, y) in list(zip(sprites, centres, strict=True))[: len(view.regions)]
        if s is not None
    ]


@pytest.mark.parametrize("layout", list(LAYOUT_SAMPLES))
def test_sea_zone_names_and_region_labels_are_whole_inside_the_picture(layout: str) -> None:
    """Issue 29: "Arctic Russia", "Indian Ocean", "Bering Sea" were cut by the picture's right edge."""
    view = RULES.view(LAYOUT_SAMPLES[layout](), None)
    base = board_base(view.layout)
    for box in [*_name_boxes(view, base, ()).values(), *_region_boxes(view, base)]:
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= base.width and box[3] <= base.height, (layout, box)


def _name_boxes(view, base, recent) -> dict[int, tuple[float, float, float, float]]:
    """Where the render writes each sea name (``render.attack.board.laid_out``), as boxes, by zone (a
    keyed name is not written)."""
    places = laid_out(view, base, changes(recent))[2]
    f = font(zone_font_size(base.ui))
    return {z: name_box(place, f) for z, place in enumerate(places) if place is not None}


def _cover(view, base, recent) -> Image.Image:
    """255 where a mark's pixels are drawn (labels, ships, gains and losses)."""
    sprites, centres, *_ = laid_out(view, base, changes(recent))
    cover = Image.new("L", (base.width, base.height), 0)
    for sprite, (x, y) in zip(sprites, centres, strict=True):
        if sprite is not None:
            cover.paste(255, (round(x - sprite.size[0] / 2), round(y - sprite.size[1] / 2)), sprite.mask)
    return cover


def _keyed(view, base, recent) -> list[str]:
    """The seas written as keys, in their numbers' order."""
    return [view.zones[k.zone].id for k in laid_out(view, base, changes(recent))[3]]


def _keys_covered(view, base, recent) -> list[str]:
    """The keys that meet a mark's drawn pixels, a written name or another key (a key must be clear of
    every one; pixels, not boxes, for the marks: a label's box holds open corners round its letters)."""
    keys = laid_out(view, base, changes(recent))[3]
    boxes = key_boxes(keys, base.ui)
    names = list(_name_boxes(view, base, recent).values())
    cover = _cover(view, base, recent)
    found = []
    for k, (key, box) in enumerate(zip(keys, boxes, strict=True)):
        left, top, right, bottom = (round(v) for v in box)
        others = [*names, *(b for j, b in enumerate(boxes) if j != k)]
        if cover.crop((left, top, right, bottom)).histogram()[255] or covered(box, others):
            found.append(view.zones[key.zone].id)
    return found


def _covered(view, base, recent=()) -> list[str]:
    """The sea-zone names more than a tenth covered by a region's marks and name."""
    regions = _region_boxes(view, base, recent)

    def overlap(a, b):
        w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
        return w * h if w > 0 and h > 0 else 0

    return [
        view.zones[z].id
        for z, name in _name_boxes(view, base, recent).items()
        if sum(overlap(name, r) for r in regions) > 0.1 * (name[2] - name[0]) * (name[3] - name[1])
    ]


# Issue 29: how many sea-zone names a region's label covers (its box over more than a tenth of the name's),
# how many are under any mark's drawn pixels (labels, ships, gains and losses) for more than a tenth, and
# how many sea names or region labels the picture's edge cuts, on each layout's sample board. Before the
# labels could yield (the regions' labels moving on their own land): 0, 0 and 16 covered, 1, 0 and 12
# under marks; after, 0, 0 and 9, 0, 0 and 7. With short names, names written by the render after its
# marks, leader lines and ships' badges settled on their water (issue 29's last item): 4 and 4 on the
# world (North Atlantic, North Sea, Eastern Mediterranean, Red Sea; and the Baltic under the North Sea's
# ships), whose water is wholly under the labels of this crowded game. With a label stepping aside for a
# name (``seas.step_aside``: Iceland's, for the North Sea) 3 and 3: not yet 0. With a name that finds no
# clear place written as a key (``render.attack.keys``; the fourth count, keyed names, neither covered nor
# placed; a key meeting a mark's pixels, a name or a key counts as covered): 0 and 0, 4 keyed (North
# Atlantic, Baltic, Eastern Mediterranean, Red Sea).
CROWDING = {"western": (0, 0, 0, 0), "pacific": (0, 0, 0, 0), "world": (0, 0, 0, 4)}
RECENT = {"western": samples.western_recent, "pacific": list, "world": samples.world_recent}


def _under_marks(view, base, recent) -> list[str]:
    """The sea-zone names more than a tenth of whose box is under a mark's drawn pixels."""
    cover = _cover(view, base, recent)
    found = []
    for z, box in _name_boxes(view, base, recent).items():
        left, top, right, bottom = (round(v) for v in box)
        if cover.crop((left, top, right, bottom)).histogram()[255] > 0.1 * (right - left) * (bottom - top):
            found.append(view.zones[z].id)
    return found


@pytest.mark.parametrize("layout", list(LAYOUT_SAMPLES))
def test_sea_zone_names_keep_clear_of_region_labels(layout: str) -> None:
    """Counts the sea names covered, under marks and cut on the layout's sample board (``CROWDING``)."""
    view = RULES.view(LAYOUT_SAMPLES[layout](), None)
    base = board_base(layout)
    recent = RECENT[layout]()
    cut = [
        box
        for box in [
            *_name_boxes(view, base, recent).values(),
            *key_boxes(laid_out(view, base, changes(recent))[3], base.ui),
            *_region_boxes(view, base, recent),
        ]
        if box[0] < 0 or box[1] < 0 or box[2] > base.width or box[3] > base.height
    ]
    covered_keys = _keys_covered(view, base, recent)
    counts = (
        len(_covered(view, base, recent)) + len(covered_keys),
        len(_under_marks(view, base, recent)),
        len(cut),
        len(_keyed(view, base, recent)),
    )
    assert counts == CROWDING[layout], (
        layout,
        _covered(view, base, recent),
        covered_keys,
        _under_marks(view, base, recent),
        _keyed(view, base, recent),
    )


def test_the_stored_label_places_are_what_the_search_finds_today() -> None:
    """``data/attack/labels.json`` saves each board's first render the search (half a second for the
    world); if the map, the label sizes or the search change, it must be written again
    (``python -m render.attack.stored``)."""
    assert stored.placements() == load_json(STORED)["placements"], "run python -m render.attack.stored"
    for layout, width in WIDTHS.items():
        kept, searched = board_base(layout), _build(layout, width, search=True)
        assert kept.anchors == searched.anchors and kept.zone_names == searched.zone_names


def test_places_kept_for_another_map_are_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    names, shorts = base_module.sea_names("western")
    entry = load_json(STORED)["placements"]["western@1100"]
    assert base_module.kept_places("western", 1100, names, shorts) is not None
    renamed = {**entry, "names": [[*entry["names"][0][:3], ["Atlantis Deep"]], *entry["names"][1:]]}
    monkeypatch.setattr(base_module, "_kept", lambda: {"western@1100": renamed})
    assert base_module.kept_places("western", 1100, names, shorts) is None
    assert base_module.kept_places("western", 900, names, shorts) is None


def test_a_width_not_stored_is_searched_and_its_names_stay_inside() -> None:
    base = board_base("western", 800)
    assert len(base.zone_names) == board("western").zones
    assert all(
        b[0] >= 0 and b[1] >= 0 and b[2] <= base.width and b[3] <= base.height for b in base.zone_names
    )


def test_short_sea_names_are_the_pictures_only() -> None:
    """The map's ``short`` names ("W. Med.") are for the picture; the rules, the text and the menus keep
    the full names, and a short name is shorter."""
    world = board("world")
    names, shorts = base_module.sea_names("world")
    short = {world.zone_ids[z]: s for z, s in enumerate(shorts) if s is not None}
    assert short["western_mediterranean"] == "W. Med." and short["north_sea"] == "N. Sea ⚓"
    assert len(short) == 9
    for z, s in enumerate(shorts):
        if s is not None:
            assert len(s) < len(names[z])
    assert "Western Mediterranean" in world.zone_names and "W. Med." not in world.zone_names


def _choice(point, width=40.0, cost=0.0):
    x, y = point
    return Choice(point, (x - width / 2, y - 10, x + width / 2, y + 2), cost, ("Sea",))


def test_a_name_a_mark_meets_moves_to_its_cheapest_clear_place_or_is_set_off_with_a_leader() -> None:
    f = font(26)
    home, near, far = (100.0, 100.0), (100.0, 160.0), (300.0, 100.0)
    choices = {0: options([_choice(home), _choice(near, cost=50.0)])}
    away = {0: options([_choice(far, cost=400.0)])}
    untouched = place_names([(home, ("Sea",))], [], choices.__getitem__, away.__getitem__, f)
    assert untouched == [(home, ("Sea",), None)], "nothing meets it: it stays"
    mark = (60.0, 60.0, 140.0, 110.0)  # over home only
    moved = place_names([(home, ("Sea",))], [mark], choices.__getitem__, away.__getitem__, f)
    assert moved == [(near, ("Sea",), None)]
    blocked = [mark, (90.0, 120.0, 110.0, 158.0)]  # over both places on its water (not near's point)
    set_off = place_names([(home, ("Sea",))], blocked, choices.__getitem__, away.__getitem__, f)
    ((point, _, leader),) = set_off
    assert (
        point == far
        and leader is not None
        and not any(b[0] <= leader[0] <= b[2] and b[1] <= leader[1] <= b[3] for b in blocked)
    ), "its leader points to its water where no mark is"
    walled = [*blocked, (260.0, 60.0, 340.0, 110.0)]  # and over the open water: least covered, no leader
    assert place_names([(home, ("Sea",))], walled, choices.__getitem__, away.__getitem__, f)[0][2] is None


def test_a_names_options_keep_its_cheapest_places_and_every_point_of_its_water() -> None:
    """The warm-up keeps only a name's ``KEPT`` cheapest places on its water (a render takes none past
    them), but a leader may still point to any point of it."""
    cheap, dear = _choice((100.0, 100.0)), _choice((300.0, 40.0), cost=90.0)
    kept = options([cheap, dear], kept=1)
    assert kept.choices == (cheap,)
    assert kept.points == ((100.0, 100.0), (300.0, 40.0))
    assert kept.hull == (80.0, 40.0, 300.0, 102.0), "the hull holds every point, for the marks near them"
    assert len(zone_places("world", WIDTHS["world"], 0).choices) <= KEPT


def test_a_label_alone_over_a_names_place_steps_aside_for_it_where_it_has_room() -> None:
    """A name still under marks takes a place of its water that a few region labels (or gains and
    losses) alone cover, if they can move a little to where they meet nothing; a navy's badge never
    moves."""
    f = font(26)

    def choice(point, cost):
        x0, y0, x1, y1 = name_box((point, ("Sea",)), f)
        return Choice(point, (x0 - 3, y0 - 3, x1 + 3, y1 + 3), cost, ("Sea",))

    home, near = (100.0, 100.0), (100.0, 200.0)
    choices = {0: options([choice(home, 0.0), choice(near, 50.0)])}
    over_home = (60.0, 70.0, 140.0, 115.0)  # a navy's badge (which stays)
    over_near = (85.0, 185.0, 115.0, 210.0)
    bounds = (0.0, 0.0, 400.0, 400.0)
    marks = [over_home, over_near]
    places, moved = step_aside(
        [(home, ("Sea",), None)], marks, [False, True], choices.__getitem__, f, bounds, 1.0
    )
    assert places == [(near, ("Sea",), None)] and list(moved) == [1]
    dx, dy = moved[1]
    shifted = (over_near[0] + dx, over_near[1] + dy, over_near[2] + dx, over_near[3] + dy)
    assert not covered(shifted, [name_box(places[0], f), over_home]) and (dx * dx + dy * dy) ** 0.5 <= 40
    kept = step_aside([(home, ("Sea",), None)], marks, [False, False], choices.__getitem__, f, bounds, 1.0)
    assert kept == ([(home, ("Sea",), None)], {}), "a navy's badge stays by its ships"
    # Walls above and below with a gap lower than the label: no room for it within reach.
    walled = [*marks, (0.0, 150.0, 400.0, 186.0), (0.0, 209.0, 400.0, 260.0)]
    stuck = step_aside(
        [(home, ("Sea",), None)], walled, [False, True, False, False], choices.__getitem__, f, bounds, 1.0
    )
    assert stuck == ([(home, ("Sea",), None)], {})


def test_ships_badges_keep_off_sea_names_where_their_water_has_room() -> None:
    """On the sample boards, a zone's ships' badge is never over a written name (on the world, the
    Baltic's name, which the North Sea's ships covered, is written as a key)."""
    for layout, make in LAYOUT_SAMPLES.items():
        view = RULES.view(make(), None)
        base = board_base(layout)
        sprites, centres, places, _ = laid_out(view, base, changes(RECENT[layout]()))
        f = font(zone_font_size(base.ui))
        names = [name_box(p, f) if p is not None else (0.0, 0.0, 0.0, 0.0) for p in places]
        first = len(view.regions)
        under = []
        for z, zone in enumerate(view.zones):
            sprite = sprites[first + z]
            if sprite is None:
                continue
            x, y = centres[first + z]
            w, h = sprite.size
            badge = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            under += [
                (zone.id, view.zones[k].id) for k, name in enumerate(names) if covered(name, [badge]) > 0
            ]
        assert all(a != b for a, b in under), under
        assert under == [], under


def test_what_changed_is_read_from_the_recent_events() -> None:
    found = changes(samples.western_recent())
    kinds = {(kind, way[0], way[-1]) for kind, way, _ in found.arrows}
    assert ("move", "france", "iberia") in kinds and ("attack", "iberia", "maghreb") in kinds
    assert ("sail", "quebec", "western_atlantic") in kinds
    assert set(found.outlined) == {"maghreb", "southern_us"}, "captured and won over"
    assert found.gained == {"quebec": 3} and found.lost == {"maghreb": 6}
    plain = RULES.view(samples.western_state(), None)
    with_changes = render_board(plain, samples.NAMES[:3], recent=samples.western_recent())
    assert with_changes != render_board(plain, samples.NAMES[:3]), "the changes are drawn"


def test_a_navy_line_up_is_in_no_picture_before_the_reveal() -> None:
    view, events = samples.navy_waiting()
    picture = render_battle(view, events, samples.NAMES[:3])
    assert picture is not None and picture.startswith(b"\x89PNG")
    base = samples.western_state()
    zone = board("western").zone_index["central_atlantic"]
    for lineup in ((1, 2), (2, 1, 3), (3,)):
        battle = NavyBattle(
            zone, 0, 1, ((0, 2, 1, 1), (1, 1, 0, 1)), ((2, 0, 0, 0), (0, 0, 0, 0)), (lineup, None)
        )
        other = RULES.view(replace(base, navy_battle=battle), None)
        assert render_battle(other, events, samples.NAMES[:3]) == picture


def test_battle_pictures_are_drawn_from_events_and_none_without_a_battle() -> None:
    for make in (samples.army_battle, samples.navy_battle):
        view, events = make()
        picture = render_battle(view, events, samples.NAMES[:3])
        assert picture is not None and len(picture) < MIB
        assert Image.open(io.BytesIO(picture)).width * 0.72 <= SHOWN, (
            "shown at 550 px, text scales by 0.72 at most"
        )
    assert render_battle(RULES.view(samples.western_state(), None), samples.western_recent()[:1], []) is None


def test_the_hand_is_private_to_its_seat() -> None:
    mine = samples.hand_view()
    picture = render_private(mine, samples.NAMES[:3])
    assert picture is not None and len(picture) < MIB
    assert render_private(RULES.view(samples.western_state(), None), samples.NAMES[:3]) is None
    others = RULES.view(samples.western_state(), 1)  # bob holds no cards: still his own (empty) hand
    assert render_private(others, samples.NAMES[:3]) is not None


def test_an_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown Attack! layout"):
        board_base("atlantis")


def test_every_cards_actions_are_written_whole_on_the_hand_picture():
    """A newcomer's hand showed Mild Winter "with any Winter ac…" (and Surprise Attack was cut too): a
    footer too long to sit beside the card's number takes a line of its own above it, and every one is
    written whole."""
    from render.attack.hand import CARD_W, FOOTER_ALONE, FOOTER_BESIDE_NUMBER, footer
    from render.core.fonts import text_width, wrap
    from rules.attack.tables import CARD_KINDS, CARD_TEXT, MILD_WINTER

    for kind in range(len(CARD_KINDS)):
        text, own_line = footer(kind)
        room = FOOTER_ALONE if own_line else FOOTER_BESIDE_NUMBER
        assert text_width(text, font(15)) <= room, text
        effect = CARD_TEXT[kind].split(": ", 1)[-1]
        lines = wrap(effect, font(16), round(CARD_W - 28), max_lines=5)
        assert len(lines) <= (4 if own_line else 5), "the footer's own line would meet the effect's last"
    assert footer(MILD_WINTER) == ("with any Winter action", True)
    assert footer(0) == ("with Move, Blitz, Navigate", True)
    assert footer(MILD_WINTER - 4) == ("with Build", False)


@pytest.mark.parametrize("stage", ["government", "capital", "direction"])
def test_the_season_bar_writes_a_setup_note_whole(stage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's two-player board wrote "The year's first player chooses the dir…": a note is drawn
    whole, in its shorter form where the long one has no room."""
    import render.attack.panel as panel
    from rules.attack.state import Stage

    drawn: list[str] = []
    real = panel.draw_text

    def spy(canvas, at, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(canvas, at, text, *args, **kwargs)

    monkeypatch.setattr(panel, "draw_text", spy)
    state = replace(samples.western_state(), stage=Stage(stage))
    render_board(RULES.view(state, None), samples.NAMES[:3])
    assert drawn and not any(t.endswith("…") for t in drawn), drawn
    assert any(t in panel.SETUP[Stage(stage)] for t in drawn)


def test_the_hands_title_says_how_many_cards_are_held_and_the_most_a_hand_holds() -> None:
    """A newcomer read the hand's "Your action cards · 1 of 3" as the first card of three pages."""
    from render.attack.hand import hand_title

    assert hand_title(1) == "Your action cards · 1 (at most 3)"
    assert hand_title(0) == "Your action cards · 0 (at most 3)"

"""The shared pieces added for issue 15: colour distances under simulated colour blindness, change marks
(signed tags, arrows, dashed outlines), die faces and the animated replay."""

from __future__ import annotations

import io
import random
from itertools import combinations

import pytest
from PIL import Image, ImageDraw, ImageSequence

from render.core.badges import Sprite, paste_sprites
from render.core.colours import SEAT_COLOURS
from render.core.dice_faces import die_face, ring_width
from render.core.marks import arrow_passes, attach, dashed_path, draw_arrow, draw_arrow_passes, signed, trim
from render.core.replay import animate, pick
from render.core.shapes import seat_shape
from render.core.stamp import paste_of, stamp_all
from render.core.vision import VISIONS, closest_pair, delta_e_lab, distance, simulate

# Sharma, Wu and Dalal (2005), Table 1: CIELAB pairs and their CIEDE2000 differences.
SHARMA = [
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((50, 0, 0), (50, -1, 2), 2.3669),
]


@pytest.mark.parametrize(("a", "b", "expected"), SHARMA)
def test_ciede2000_matches_the_published_test_data(a, b, expected) -> None:
    assert delta_e_lab(a, b) == pytest.approx(expected, abs=1e-4)
    assert delta_e_lab(b, a) == pytest.approx(expected, abs=1e-4)


def test_simulated_colour_blindness_merges_red_and_green_but_keeps_grey() -> None:
    red, green = (204, 0, 0), (0, 153, 0)
    assert distance(red, green) > 50
    assert distance(red, green, "deuteranopia") < distance(red, green) / 2
    assert distance(red, green, "protanopia") < distance(red, green) / 2
    for vision in VISIONS:  # a neutral stays (almost exactly) neutral for every vision
        r, g, b = simulate((128, 128, 128), vision)
        assert max(r, g, b) - min(r, g, b) <= 2


def test_closest_pair_names_the_least_distinct_pair_and_vision() -> None:
    d, a, b, vision = closest_pair({"red": (204, 0, 0), "green": (0, 153, 0), "blue": (0, 0, 255)})
    assert {a, b} == {"red", "green"} and vision in ("deuteranopia", "protanopia")
    assert d == pytest.approx(distance((204, 0, 0), (0, 153, 0), vision))


def test_seat_colours_that_come_close_for_some_vision_differ_in_shape() -> None:
    """The shared seat colours (Okabe–Ito) are not all far apart for every vision (orange and reddish
    purple are about 11 for a tritanope): where two come within 20, their badge shapes differ."""
    for a, b in combinations(range(len(SEAT_COLOURS)), 2):
        if min(distance(SEAT_COLOURS[a], SEAT_COLOURS[b], v) for v in VISIONS) < 20:
            assert seat_shape(a) != seat_shape(b), (a, b)


def test_signed_tags_use_a_true_minus() -> None:
    assert (signed(3), signed(-2), signed(0)) == ("+3", "−2", "0")


def test_a_tag_sticks_to_the_badge_corner_without_moving_the_badge() -> None:
    badge = Sprite(Image.new("L", (40, 20), 7), Image.new("L", (40, 20), 255))
    tag = Sprite(Image.new("L", (20, 12), 9), Image.new("L", (20, 12), 255))
    tagged = attach(badge, tag)
    w, h = tagged.sprite.size
    assert w > 40 and h > 20
    dx, dy = tagged.badge_offset
    left, top = w / 2 + dx - 20, h / 2 + dy - 10  # the badge's top left in the sprite
    assert tagged.sprite.image.getpixel((round(left) + 1, round(top) + 19)) == 7
    assert tagged.sprite.image.getpixel((w - 2, 1)) == 9


def test_trim_shortens_both_ends_along_the_path() -> None:
    assert trim([(0, 0), (100, 0)], 10, 20) == [(10, 0), (80, 0)]
    bent = trim([(0, 0), (10, 0), (10, 100)], 15, 0)
    assert bent == [(10, 5), (10, 100)]


def test_an_arrow_and_a_dashed_ring_draw_where_asked() -> None:
    image = Image.new("L", (200, 100), 0)
    draw = ImageDraw.Draw(image)
    draw_arrow(draw, [(20, 50), (180, 50)], 200, 100, shaft=6, head=20, edge=2)
    across = [image.getpixel((100, y)) for y in range(40, 61)]
    assert across[0] == across[-1] == 0 and across[10] == 200 and 100 in across  # fill, cased
    assert 100 in [image.getpixel((x, 50)) for x in range(180, 186)]  # the casing outlines the tip
    ring = Image.new("L", (100, 100), 0)
    dashed_path(ImageDraw.Draw(ring), [(10, 10), (90, 10), (90, 90), (10, 90)], 255, 2, 10, 6)
    top_edge = [ring.getpixel((x, 10)) for x in range(10, 90)]
    assert 0 < top_edge.count(255) < len(top_edge)  # dashes with gaps between


SIZES = [(4.0, 16.0, 1.6), (5.6, 22.4, 2.24), (7.0, 28.0, 2.8), (2.0, 8.0, 1.0)]  # shaft, head, casing


def test_an_arrow_from_its_recorded_calls_is_the_arrow_image_draw_draws() -> None:
    """``arrow_passes`` notes the core calls ``ImageDraw`` makes for an arrow (its line's rounded joints
    too) and ``draw_arrow_passes`` makes them again in any two colours: the same pixels as ``draw_arrow``
    drawing through ``ImageDraw``, for paths of two to five points, thin and thick, partly off the
    picture, over what is already drawn."""
    rng, shown = random.Random(7), 0
    for case in range(200):
        ground = Image.new("L", (160, 120), 0)
        ImageDraw.Draw(ground).rectangle((30, 20, 120, 90), fill=50)
        points = [(rng.uniform(-30, 190), rng.uniform(-30, 150)) for _ in range(rng.randint(2, 5))]
        shaft, head, edge = rng.choice(SIZES)
        fill, casing = rng.sample(range(1, 256), 2)
        recorded, drawn = ground.copy(), ground.copy()
        passes = arrow_passes(points, shaft=shaft, head=head, edge=edge)
        draw_arrow_passes(ImageDraw.Draw(recorded), passes, fill, casing)
        draw_arrow(ImageDraw.Draw(drawn), points, fill, casing, shaft=shaft, head=head, edge=edge)
        assert recorded.tobytes() == drawn.tobytes(), (case, points, shaft)
        shown += drawn.tobytes() != ground.tobytes()
    assert shown > 150  # (the rest run off the picture)


def test_a_hit_die_has_a_ring_and_a_miss_is_struck_through() -> None:
    size = 40
    plain = die_face(3, size, (0, 114, 178), (17, 24, 32), "plain")
    hit = die_face(3, size, (0, 114, 178), (17, 24, 32), "hit")
    miss = die_face(3, size, (0, 114, 178), (17, 24, 32), "miss")
    assert plain.size == hit.size == miss.size == (size + 2 * ring_width(size),) * 2
    mid = plain.height // 2
    assert plain.getpixel((0, mid))[3] == 0 and hit.getpixel((2, mid))[:3] == (255, 255, 255)
    centre = (plain.width // 2, plain.height // 2)
    assert miss.getpixel(centre) != plain.getpixel(centre)


def _frames(count: int, size: tuple[int, int] = (300, 200)) -> list[Image.Image]:
    palette = [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]
    frames = []
    for k in range(count):
        im = Image.new("P", size, 0)
        ImageDraw.Draw(im).rectangle((k * 5, 20, k * 5 + 40, 60), fill=1 + k % 3)
        im.putpalette(palette)
        frames.append(im)
    return frames


def test_pick_spreads_frames_and_keeps_the_ends() -> None:
    assert pick(5, 10) == [0, 1, 2, 3, 4]
    chosen = pick(100, 10)
    assert chosen[0] == 0 and chosen[-1] == 99 and len(chosen) == 10
    assert pick(7, 1) == [6]


def test_a_replay_shows_every_frame_exactly_and_loops() -> None:
    frames = _frames(12)
    replay = animate(frames)
    gif = Image.open(io.BytesIO(replay.data))
    assert gif.format == "GIF" and gif.info["loop"] == 0 and replay.frames == 12
    for k, frame in enumerate(ImageSequence.Iterator(gif)):
        assert frame.convert("RGB").tobytes() == frames[k].convert("RGB").tobytes(), k


def test_a_replay_over_the_limit_drops_turns_then_shrinks() -> None:
    big = [Image.effect_noise((600, 400), 60 + k).convert("P") for k in range(6)]
    whole = animate(big)
    limited = animate(big, max_bytes=len(whole.data) // 3)
    assert len(limited.data) <= len(whole.data) // 3
    assert limited.frames < 6 or limited.width < 600
    gif = Image.open(io.BytesIO(limited.data))
    assert gif.n_frames == limited.frames and gif.size == (limited.width, limited.height)


def test_a_replay_takes_png_bytes_of_mixed_palettes() -> None:
    pngs = []
    for k, im in enumerate(_frames(3)):
        rgb = im.convert("RGB")
        rgb.putpixel((0, 0), (k * 40, 200, 10))
        buffer = io.BytesIO()
        rgb.save(buffer, format="PNG")
        pngs.append(buffer.getvalue())
    replay = animate(pngs)
    assert Image.open(io.BytesIO(replay.data)).n_frames == 3
    with pytest.raises(ValueError):
        animate([])
    # A board that grows during a game (a map the players build): smaller frames are centred on the largest.
    grown = animate([*_frames(1, (10, 10)), *_frames(1)])
    assert (grown.width, grown.height) == _frames(1)[0].size and grown.frames == 2


def test_stamps_and_sprites_handed_to_the_core_paste_what_paste_pastes() -> None:
    """``stamp_all`` and ``paste_sprites`` (one core call each) against ``Image.paste``: random small
    images, masks and colours, some off the canvas's edges (clipped)."""
    rng = random.Random(7)
    expected = Image.new("L", (120, 80), 3)
    stamped, pasted = expected.copy(), expected.copy()
    pastes, sprites = [], []
    for _ in range(60):
        w, h = rng.randint(1, 30), rng.randint(1, 30)
        image = Image.frombytes("L", (w, h), bytes(rng.randrange(256) for _ in range(w * h)))
        mask = Image.frombytes("L", (w, h), bytes(rng.choice((0, 255)) for _ in range(w * h)))
        centre = (rng.uniform(-20, 140), rng.uniform(-20, 100))
        x, y = round(centre[0] - w / 2), round(centre[1] - h / 2)
        source: Image.Image | int = image if rng.random() < 0.7 else rng.randrange(256)
        expected.paste(source, (x, y, x + w, y + h) if isinstance(source, int) else (x, y), mask)
        pastes.append(paste_of(source, (x, y), mask))
        sprites.append(
            (
                Sprite(image if isinstance(source, Image.Image) else Image.new("L", (w, h), source), mask),
                centre,
            )
        )
    stamp_all(stamped, pastes)
    paste_sprites(pasted, sprites)
    assert stamped.tobytes() == expected.tobytes()
    assert pasted.tobytes() == expected.tobytes()

"""How far apart two colours look, for people with normal colour vision and for the three common
dichromacies: the check behind every palette of seat and power colours.

``simulate`` is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of
Color Vision Deficiency", at full severity: a 3×3 matrix applied to linear RGB. ``distance`` is CIEDE2000
(Sharma, Wu and Dalal 2005) in CIELAB under D65: about 2 is "just noticeable", 10 "clearly different";
colours that must tell two neighbouring players apart at a glance want 20 or more.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Literal

from render.core.colours import Rgb

Vision = Literal["normal", "deuteranopia", "protanopia", "tritanopia"]
VISIONS: tuple[Vision, ...] = ("normal", "deuteranopia", "protanopia", "tritanopia")

_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(v: int) -> float:
    s = v / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(colour: Rgb, vision: Vision) -> Rgb:
    """``colour`` as a person with ``vision`` sees it (an sRGB colour a normal viewer would match)."""
    if vision == "normal":
        return colour
    lin = [_linear(c) for c in colour]
    m = _MATRICES[vision]
    r, g, b = (sum(m[i][k] * lin[k] for k in range(3)) for i in range(3))
    return (_encoded(r), _encoded(g), _encoded(b))


def lab(colour: Rgb) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Rgb, b: Rgb) -> float:
    """CIEDE2000 colour difference between two sRGB colours."""
    return delta_e_lab(lab(a), lab(b))


def delta_e_lab(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIELAB colours."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (dc / s_c) * (d_h / s_h))


def distance(a: Rgb, b: Rgb, vision: Vision = "normal") -> float:
    """How different ``a`` and ``b`` look to a person with ``vision`` (CIEDE2000)."""
    return delta_e(simulate(a, vision), simulate(b, vision))


def closest_pair(
    colours: dict[str, Rgb], pairs: list[tuple[str, str]] | None = None
) -> tuple[float, str, str, Vision]:
    """The least distinct of ``pairs`` (default: every pair) under any vision: (distance, a, b, vision)."""
    names = sorted(colours)
    pairs = pairs if pairs is not None else list(combinations(names, 2))
    return min((distance(colours[a], colours[b], v), a, b, v) for a, b in pairs for v in VISIONS)

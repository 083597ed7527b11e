"""Exact JSON for states, actions and events, through msgspec's typed decoders.

Decoding validates types as it goes, so an edited export or a corrupted row fails with a clear
``msgspec.ValidationError`` instead of producing a state the engine never made.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_encoder = msgspec.json.Encoder()


def to_json(value: object) -> bytes:
    return _encoder.encode(value)


def to_builtins(value: object) -> Any:
    """Plain dicts and lists, for embedding in a larger JSON document (exports)."""
    return msgspec.to_builtins(value)


def from_json(data: bytes | str, kind: type[T]) -> T:
    return msgspec.json.decode(data, type=kind)


def from_builtins(data: object, kind: type[T]) -> T:
    return msgspec.convert(data, type=kind)

"""Small helpers for changing one slot of an immutable tuple, the shape engine states are made of."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def with_item(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


def add_at(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1 :])

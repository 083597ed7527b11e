"""A round's resolution: every seat's orders applied together (``resolve_round``)."""

from rules.hexwar.resolve.round import resolve_round

__all__ = ["resolve_round"]

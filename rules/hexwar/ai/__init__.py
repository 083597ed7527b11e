"""The Hex war AI (``HexWarAI``); the engine never imports it, except the absent player's setup moves."""

from rules.hexwar.ai.player import HexWarAI

__all__ = ["HexWarAI"]

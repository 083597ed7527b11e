"""The Hex war AI: level easy (``HexWarAI``) and normal (``HexWarNormalAI``); the engine never imports
it, except the absent player's setup moves."""

from rules.hexwar.ai.normal import HexWarNormalAI
from rules.hexwar.ai.player import HexWarAI

__all__ = ["HexWarAI", "HexWarNormalAI"]

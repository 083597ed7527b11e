"""The Skirmish AI (``SkirmishAI``): battle steps by the policies, the turn by a plan; the engine never
imports it. Its choices may use ``random`` from its own seeded generator, never the game's dice."""

from rules.skirmish.ai.player import SkirmishAI

__all__ = ["SkirmishAI"]

"""The Attack! AI: ``AttackAI(seed).choose(state, seat)`` for any seat at any moment (the engine never
imports this package)."""

from rules.attack.ai.player import AttackAI

__all__ = ["AttackAI"]

"""Health, wounds and health +1 tokens — the same for every figure, investigators and monsters alike.

Rules: ``health.gain-heals-wound``, ``health.gain-over-max``, ``health.tokens-absorb-wounds``,
``health.all-figures`` (rulebook, "Important Concepts › Gaining 1 Health").
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleViolation


@dataclass
class Health:
    """A figure's health track: its maximum, the wounds it has taken and its health +1 tokens.

    >>> h = Health(maximum=4)
    >>> h.gain(1); h.health_plus_tokens, h.current
    (1, 5)
    >>> _ = h.take_wounds(2); h.health_plus_tokens, h.wounds, h.current
    (0, 1, 3)
    """

    maximum: int
    wounds: int = 0
    health_plus_tokens: int = 0

    def __post_init__(self) -> None:
        if self.maximum < 1:
            raise ValueError(f"maximum health must be at least 1, not {self.maximum}")
        if self.wounds < 0 or self.health_plus_tokens < 0:
            raise ValueError("wounds and health +1 tokens can't be negative")
        if self.wounds and self.health_plus_tokens:
            raise RuleViolation("health.tokens-absorb-wounds",
                                "a figure can't hold health +1 tokens and wounds at once")

    @property
    def current(self) -> int:
        """Health left: maximum, less wounds, plus one per health +1 token."""
        return self.maximum - self.wounds + self.health_plus_tokens

    @property
    def is_killed(self) -> bool:
        return self.current <= 0

    def gain(self, amount: int = 1) -> None:
        """Gain health one point at a time: heal a wound if there is one, else take a health +1 token."""
        if amount < 0:
            raise ValueError("gain a negative amount? use take_wounds")
        for _ in range(amount):
            if self.wounds:
                self.wounds -= 1  # health.gain-heals-wound
            else:
                self.health_plus_tokens += 1  # health.gain-over-max

    def take_wounds(self, amount: int) -> int:
        """Take wounds, discarding health +1 tokens first; returns the wounds actually marked on the track.

        The track holds at most ``maximum`` wounds: a figure that takes more is killed all the same, and the wounds
        beyond the last one have nowhere to go (so a killed figure's state file reads back: it refuses more wounds
        than health)."""
        if amount < 0:
            raise ValueError("wounds can't be negative")
        absorbed = min(amount, self.health_plus_tokens)  # health.tokens-absorb-wounds
        self.health_plus_tokens -= absorbed
        marked = min(amount - absorbed, max(0, self.maximum - self.wounds))
        self.wounds += marked
        return marked

    def copy(self) -> "Health":
        return Health(self.maximum, self.wounds, self.health_plus_tokens)

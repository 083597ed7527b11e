"""Ratings (issue 35, item 5): the rating arithmetic, apart from the store and Discord.

The library is OpenSkill's Plackett-Luce model (``openskill``, MIT, kept up: 6.2.0 of January 2026):
made for free-for-all games of any number of players and for teams of unequal size, with ties, in pure
Python with no native parts, and a published paper behind it (Weng & Lin 2011). TrueSkill does the same
but its Python package has not had a release for years and its model is under Microsoft's patent.

How a finished game is read (``sides``): the seats that win together are one side; when several seats
win (an alliance of seats), the seats that lose are the other side, so a team game is rated as
teams; when one seat wins (a free-for-all), every other seat is a side of its own, tied for second. A
game without a winner (ended unfinished) ties every seat: a game for each, but nobody's win.

AI seats take part with the library's default rating, new each game and never kept: the humans who beat
or lost to it move as against a new player, and no AI climbs a leaderboard. A seat that changed hands
(a substitute) rates each member who played it with a ``weight`` from their share of the seat's turns:
the partial play of the library's FAQ (``_weights``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Played:
    """One member's (or the AI's: ``user_id`` None) part in a finished game."""

    user_id: int | None
    side: int  # the seats of one side share it
    rank: int  # 1: won; 2: lost (ties share a rank)
    weight: float = 1.0  # the share of the seat's turns this member played


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> float:
        """The rating shown and ranked by: the skill it is sure of (mu less three sigmas)."""
        return self.mu - 3 * self.sigma


def sides(winners: Sequence[int], seats: int) -> list[tuple[int, int]]:
    """Per seat: (side, rank), as the module's docstring says."""
    won = set(winners)
    if not won:
        return [(seat, 1) for seat in range(seats)]
    if len(won) > 1:  # an alliance won: the losers were the other alliance
        return [(0, 1) if seat in won else (1, 2) for seat in range(seats)]
    return [(seat, 1 if seat in won else 2) for seat in range(seats)]


def rate(ratings: Mapping[int, Rating], game: Sequence[Played]) -> dict[int, Rating]:
    """The members' ratings after ``game`` (only theirs: the returned map holds the members who played)."""
    order = sorted({p.side for p in game})
    teams = [[p for p in game if p.side == side] for side in order]
    ranks = [float(min(p.rank for p in team)) for team in teams]
    before = [[_model_rating(ratings, p) for p in team] for team in teams]
    after = MODEL.rate(before, ranks=ranks, weights=_weights(teams))
    decided = len(set(ranks)) > 1  # a game everyone tied (ended unfinished) has no winner to count
    changed: dict[int, Rating] = {}
    for team, rated in zip(teams, after, strict=True):
        for played, new in zip(team, rated, strict=True):
            if played.user_id is None:
                continue  # the AI's rating is not kept
            old = changed.get(played.user_id) or ratings.get(played.user_id) or Rating()
            changed[played.user_id] = replace(
                old,
                mu=new.mu,
                sigma=new.sigma,
                games=old.games + 1,
                wins=old.wins + (decided and played.rank == 1),
            )
    return changed


def _weights(teams: Sequence[Sequence[Played]]) -> list[list[float]] | None:
    """Partial play as the library's FAQ says: a weight is a member's contribution to the side's win, so
    a winner weighs their share of the turns and a loser its inverse (who played less loses less). None
    when nobody played part of a seat: the library's weights, even all 1, scale every update."""
    if all(p.weight == 1.0 for team in teams for p in team):
        return None
    return [[p.weight if p.rank == 1 else 1 / max(p.weight, 0.01) for p in team] for team in teams]


def _model_rating(ratings: Mapping[int, Rating], played: Played) -> PlackettLuceRating:
    kept = ratings.get(played.user_id) if played.user_id is not None else None
    return MODEL.rating() if kept is None else MODEL.rating(mu=kept.mu, sigma=kept.sigma)


def rebuild(games: Iterable[Sequence[Played]]) -> dict[int, Rating]:
    """Every rating from the finished games in the order they ended: what the live updates give."""
    ratings: dict[int, Rating] = {}
    for game in games:
        ratings.update(rate(ratings, game))
    return ratings

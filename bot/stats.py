"""What /stats, /leaderboard and the lobby say of ratings and reliability (issue 35, item 5), in players'
words: the rating shown is the skill Warboard is sure of (the library's "ordinal", mu less three sigmas)
with its uncertainty beside it as a ± (sigma), never the model's own names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.clock import stamp
from bot.ratings import Rating
from bot.standings import Finished, MemberStats, Reliability

HOW_RATED = (
    "A rating is the skill Warboard is sure you have: it starts at 0 and rises as you win; the ± is how "
    "unsure it still is, and it shrinks with every game."
)
NONE_YET = "No finished games in this server yet: ratings start with the first."
PLACES = {1: "Won", 2: "Lost", 0: "Drawn (ended unfinished)"}


def count(n: int, what: str, many: str | None = None) -> str:
    return f"{n} {what if n == 1 else (many or what + 's')}"


def rating_text(rating: Rating) -> str:
    return f"rating **{rating.shown:.1f}** ± {rating.sigma:.1f}"


def record_text(rating: Rating) -> str:
    return f"{count(rating.games, 'game')}, {count(rating.wins, 'win')}"


def reliability_text(kept: Reliability) -> str:
    """A member's reliability in one sentence (for /stats and the lobby): their turns in finished games,
    and the seats they abandoned, in finished games or in games still being played."""
    left = f"; {count(kept.abandoned, 'seat')} abandoned" if kept.abandoned or kept.games else ""
    if not kept.games:
        return f"no finished games here yet{left}"
    missed = f"{kept.missed} missed" if kept.missed else "none missed"
    return (
        f"{kept.on_time} of {count(kept.turns, 'turn')} played before the deadline ({missed}) "
        f"in {count(kept.games, 'finished game')}{left}"
    )


def result_text(result: Finished, title: str) -> str:
    when = stamp(result.finished_at, "d")
    return f"{PLACES.get(result.place, 'Played')}: {title}, game #{result.game_id}, {when}"


def stats_text(stats: MemberStats, titles: Callable[[str], str], game: str | None = None) -> str:
    """The body of /stats: a rating per game (or the one asked for), reliability, the latest results."""
    lines = [
        f"**{titles(ruleset)}**: {rating_text(r)} · {record_text(r)}" for ruleset, r in stats.ratings.items()
    ]
    kept = stats.reliability
    if not lines and not kept.games and not kept.abandoned:
        return f"**{titles(game)}**: no rated games here yet." if game else NONE_YET
    if not lines:
        lines = [f"**{titles(game)}**: no rated games here yet." if game else NONE_YET]
    lines.append(f"**Reliability**: {reliability_text(kept)}.")
    if stats.recent:
        lines.append("**Latest results**")
        lines.extend(f"- {result_text(r, titles(r.ruleset))}" for r in stats.recent)
    return "\n".join(lines)


def leaderboard_text(board: Sequence[tuple[int, Rating]], min_games: int) -> str:
    if not board:
        return f"Nobody here has played {count(min_games, 'rated game')} of it yet."
    return "\n".join(
        f"{n}. <@{user}>: {rating_text(r)} · {record_text(r)}" for n, (user, r) in enumerate(board, 1)
    )

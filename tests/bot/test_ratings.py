"""The rating arithmetic (issue 35, item 5, bot/ratings/__init__.py): sides read from a result, teams rated as
teams, the AI never kept, substitutes by their share, and a rebuild equal to the updates one by one."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.ratings import Played, Rating, rate, rebuild, sides


def test_a_free_for_all_ties_the_losers_and_an_alliance_game_is_two_teams() -> None:
    assert sides([1], 3) == [(0, 2), (1, 1), (2, 2)]
    assert sides([0, 2], 5) == [(0, 1), (1, 2), (0, 1), (1, 2), (1, 2)]
    assert sides([], 2) == [(0, 1), (1, 1)]


def test_the_winner_rises_the_tied_losers_fall_alike_and_the_ai_is_not_kept() -> None:
    game = [Played(1, 0, 2), Played(2, 1, 1), Played(None, 2, 2)]
    after = rate({}, game)
    assert set(after) == {1, 2}
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 1, 2])
    assert (after[2].mu, after[2].sigma) == (expected[1][0].mu, expected[1][0].sigma)
    assert (after[1].mu, after[1].sigma) == (expected[0][0].mu, expected[0][0].sigma)
    assert after[2].mu > Rating().mu > after[1].mu
    assert (after[2].games, after[2].wins, after[1].games, after[1].wins) == (1, 1, 1, 0)


def test_teammates_move_together_and_a_substitute_moves_by_their_share() -> None:
    game = [Played(1, 0, 1), Played(2, 0, 1), Played(3, 1, 2), Played(4, 1, 2)]
    after = rate({}, game)
    assert after[1] == after[2] and after[3] == after[4] and after[1].mu > after[3].mu
    shared = [Played(1, 0, 1, 1.0), Played(5, 1, 2, 0.25), Played(6, 1, 2, 0.75)]
    moved = rate({}, shared)
    assert Rating().mu - moved[5].mu < Rating().mu - moved[6].mu  # who played less loses less
    won = rate({}, [Played(1, 0, 1, 0.25), Played(2, 0, 1, 0.75), Played(3, 1, 2)])
    assert Rating().mu < won[1].mu < won[2].mu  # and gains less


def test_a_rebuild_equals_the_live_updates() -> None:
    games = [
        [Played(1, 0, 1), Played(2, 1, 2), Played(3, 2, 2)],
        [Played(2, 0, 1), Played(3, 0, 1), Played(1, 1, 2), Played(None, 1, 2)],
        [Played(3, 0, 2), Played(1, 1, 1)],
    ]
    live: dict[int, Rating] = {}
    for game in games:
        live.update(rate(live, game))
    assert rebuild(games) == live
    assert live[1].games == 3 and live[1].wins == 2


def test_a_game_everyone_tied_is_a_game_but_nobodys_win() -> None:
    after = rate({}, [Played(1, 0, 1), Played(2, 1, 1)])
    assert (after[1].games, after[1].wins, after[2].games, after[2].wins) == (1, 0, 1, 0)
    assert after[1].sigma < Rating().sigma  # still a game played: the system is surer of both

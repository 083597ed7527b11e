"""Questions asked on another seat's turn (issue 28: few questions off one's turn): by post they are
answered at once by the player's standing orders or the rules' default, unless the player chose to be
asked (``/game questions``); the terminal, played live, asks."""

from __future__ import annotations

from bot.games import GAMES
from bot.service import GameService
from rules.core.codec import from_json
from rules.risk.actions import Attack, Defend
from rules.risk.board import classic_map
from rules.risk.state import AwaitDefence, Phase, RiskState
from tests.bot.conftest import new_game, user_to_act

CHOOSE = {"defender_dice": "choose"}


def owner(state: RiskState, territory: str) -> int:
    return state.owner[classic_map().ids.index(territory)]


async def to_an_attack(service: GameService, game_id: int) -> tuple[RiskState, Attack]:
    """Play the AI's moves for the humans until the seat to act may attack a player's territory of two
    armies or more (its defender then has a choice of dice); that state and that attack."""
    rules = GAMES["risk"].rules
    for _ in range(2000):
        state = service.state_of(await service.load(game_id))
        seat = rules.to_act(state)[0]
        if state.phase is Phase.ATTACK and state.pending is None:
            against_a_player = (  # with two players the neutral army defends by itself
                a
                for a in rules.legal(state, seat)
                if isinstance(a, Attack)
                and owner(state, a.target) >= 0
                and state.armies[classic_map().ids.index(a.target)] >= 2
            )
            attack = next(against_a_player, None)
            if attack is not None:
                return state, Attack(attack.source, attack.target)
        action = GAMES["risk"].agent(state.turn).choose(state, seat)
        await service.act(game_id, await user_to_act(service, game_id), action)
    raise AssertionError("no attack came")


async def test_a_defenders_dice_are_answered_for_them_by_default(service: GameService) -> None:
    rules = GAMES["risk"].rules
    game_id = await new_game(service, "human,human", CHOOSE)
    state, attack = await to_an_attack(service, game_id)
    attacker = state.current
    await service.act(game_id, await user_to_act(service, game_id), attack)
    waiting = service.state_of(await service.load(game_id))
    assert isinstance(waiting.pending, AwaitDefence)  # the engine asks the defender...
    defender = waiting.owner[waiting.pending.target]
    assert rules.to_act(waiting) == (defender,) and defender != attacker

    answered = await service.play_ai(game_id)  # ...and the service answers at once, for them
    assert [r.seat for r in answered] == [defender]
    row = (await service.store.last_live_actions(game_id, 1))[0]
    assert row.seat == defender and row.user_id is None
    expected = Defend(min(2, waiting.armies[waiting.pending.target]))
    assert from_json(row.action or "", rules.action_type) == expected
    assert rules.to_act(service.state_of(await service.load(game_id))) == (attacker,)


async def test_a_player_who_asked_to_be_asked_is_waited_for(service: GameService) -> None:
    game_id = await new_game(service, "human,human", CHOOSE)
    for seat in (0, 1):
        user = (await service.status(game_id)).seats[seat].user_id
        assert user is not None
        await service.set_off_turn(game_id, user, "ask")
    assert {s.off_turn for s in (await service.status(game_id)).seats} == {"ask"}
    state, attack = await to_an_attack(service, game_id)
    await service.act(game_id, await user_to_act(service, game_id), attack)
    assert await service.play_ai(game_id) == []
    waiting = service.state_of(await service.load(game_id))
    assert isinstance(waiting.pending, AwaitDefence)
    assert GAMES["risk"].rules.to_act(waiting) == (1 - state.current,)


async def test_the_own_turns_moves_are_never_made_for_a_player(service: GameService) -> None:
    game_id = await new_game(service, "human,human")
    before = await service.status(game_id)
    assert await service.play_ai(game_id) == []
    assert (await service.status(game_id)).version == before.version

"""The `normal` AI (``SkirmishNormalAI``): each decision it makes differently from `easy`, on a hand-built
position. Its whole games are covered with the other agents in the conformance playouts."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.conformance import play as play_out
from rules.core.dice import ScriptedRng
from rules.skirmish import RULES
from rules.skirmish.actions import (
    Attack,
    Defend,
    DrawCard,
    EndPhase,
    Exchange,
    ExtraExchange,
    ExtraMove,
    Occupy,
    Place,
    PlayCard,
    Reinforce,
)
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.ai.normal import SkirmishNormalAI
from rules.skirmish.battle import flow
from rules.skirmish.events import BattleEnded
from rules.skirmish.pieces import Units
from rules.skirmish.state import Phase, Placing, SkirmishOptions
from tests.conformance.test_skirmish_playouts import invariants
from tests.rules.skirmish.position import BOARD, UPHILL, card_of, play, position, troops, units_at

LAST = SkirmishOptions(victory_share=100, round_limit=15)


def uphill_fight(round_: int, phase: Phase = Phase.ATTACK, attackers: int = 7, defenders: int = 4):
    """Seat 1 holds Ironmoor (height 2) with 4 troops; seat 0's only stack, 7 troops in Sable Ford
    (height 0) below it, would attack with 6 at about even odds; every other border of seat 0 holds 1."""
    return position(
        players=2,
        holdings={
            UPHILL[0]: (0, troops(attackers)),
            UPHILL[1]: (1, troops(defenders)),
            "oakhollow": (0, troops(1)),
            "millbrook": (0, troops(1)),
            "elder_fen": (0, troops(1)),
        },
        rest=(1, troops(1)),
        phase=phase,
        options=LAST,
        round=round_,
    )


def test_in_the_last_round_an_even_fight_is_taken_before_it_is_not():
    assert SkirmishAI(1).choose(uphill_fight(15), 0) == EndPhase()
    assert SkirmishNormalAI(1).choose(uphill_fight(14), 0) == EndPhase()
    assert SkirmishNormalAI(1).choose(uphill_fight(15), 0) == Attack(*UPHILL, troops(6))


def test_in_the_last_round_the_second_standard_action_reinforces_too():
    """With 2 troops in the garrison a roll is hardly worth an action, and both levels draw a card; in
    the last round a card comes too late, and 2 troops more may take a territory."""
    state = uphill_fight(15, Phase.STANDARD)
    short = Units(troop=2, cavalry=12, cannon=10, general=2)
    state = replace(state, garrison=(short, state.garrison[1]), actions_left=1)
    assert SkirmishAI(1).choose(state, 0) != Reinforce()
    assert SkirmishNormalAI(1).choose(replace(state, round=14), 0) != Reinforce()
    assert SkirmishNormalAI(1).choose(state, 0) == Reinforce()


def test_both_standard_actions_reinforce_while_the_garrison_holds_three_troops():
    """5 troops in the garrison against a roll of 4 dice (14 expected): `easy` draws a card with its
    second action, `normal` places the 5 troops, which stay on the map."""
    state = uphill_fight(3, Phase.STANDARD)
    short = Units(troop=5, cavalry=12, cannon=10, general=2)
    state = replace(state, garrison=(short, state.garrison[1]), actions_left=1)
    assert SkirmishAI(1).choose(state, 0) != Reinforce()
    assert SkirmishNormalAI(1).choose(state, 0) == Reinforce()


def test_a_roll_fills_the_strike_stack_to_twelve_and_the_rest_goes_to_the_next_territory():
    """8 troops to place; Oakhollow (9 troops) is `easy`'s pick among six borders of Ironmoor that score
    alike: `easy` puts all 8 there, `normal` 3 (ten to attack, two to stay), then the other 5 on the next
    border `easy` would pick, Sable Ford."""
    state = position(
        players=2,
        holdings={"oakhollow": (0, troops(9)), "ironmoor": (1, troops(2))},
        rest=(0, troops(3)),
        phase=Phase.STANDARD,
        actions_left=0,
        placing=Placing(8),
    )
    assert SkirmishAI(1).choose(state, 0) == Place("oakhollow", 8)
    assert SkirmishNormalAI(1).choose(state, 0) == Place("oakhollow", 3)
    state, _ = play(state, 0, Place("oakhollow", 3))
    assert SkirmishNormalAI(1).choose(state, 0) == Place("sable_ford", 5)


def test_with_the_garrison_empty_an_extra_move_brings_a_second_stack_to_the_front():
    """2 troops in the garrison; Oakhollow and Barrowby hold 4 each, far from seat 1's one territory:
    `easy` draws a card with its action, `normal` takes an extra move for the second stack; with one
    such stack the free move does, and `normal` draws the card too."""
    state = position(
        players=2,
        holdings={"oakhollow": (0, troops(4)), "barrowby": (0, troops(4)), "hazelgrove": (1, troops(2))},
        rest=(0, troops(1)),
        phase=Phase.STANDARD,
        actions_left=1,
    )
    state = replace(state, garrison=(replace(state.garrison[0], troop=2), state.garrison[1]))
    assert SkirmishAI(1).choose(state, 0) == DrawCard()
    assert SkirmishNormalAI(1).choose(state, 0) == ExtraMove()
    one = replace(
        state,
        units=tuple(troops(1) if i == BOARD.index("barrowby") else u for i, u in enumerate(state.units)),
    )
    assert SkirmishNormalAI(1).choose(one, 0) == DrawCard()


def test_an_attack_at_two_chances_in_three_is_left_to_easy():
    """8 troops uphill against 5: the estimate gives about 0.66, over `easy`'s 0.6, under `normal`'s 0.7."""
    state = uphill_fight(3, attackers=9, defenders=5)
    assert SkirmishAI(1).choose(state, 0) == Attack(*UPHILL, troops(8))
    assert SkirmishNormalAI(1).choose(state, 0) == EndPhase()


def test_troops_piled_up_go_into_cavalry_once_three_cannons_or_fewer_are_left():
    """9 troops in Sable Ford, 4 troops in the garrison: with 3 cannons left there (or none) `easy` trades
    5 troops for a cannon (or nothing), `normal` 6 troops for 2 cavalry (keeping 3 troops, which 2s
    rolled take first); with 4 cannons left `normal` too trades 5 troops for a cannon."""
    state = uphill_fight(3, Phase.EXCHANGE, attackers=9)
    for cannons in (0, 3):
        short = Units(troop=4, cavalry=12, cannon=cannons, general=2)
        few = replace(state, garrison=(short, state.garrison[1]))
        easy = Exchange(UPHILL[0], troops(5), "cannon") if cannons else EndPhase()
        assert SkirmishAI(1).choose(few, 0) == easy
        assert SkirmishNormalAI(1).choose(few, 0) == Exchange(UPHILL[0], troops(6), "cavalry")
    more = replace(state, garrison=(Units(troop=4, cavalry=12, cannon=4, general=2), state.garrison[1]))
    assert SkirmishNormalAI(1).choose(more, 0) == Exchange(UPHILL[0], troops(5), "cannon")
    # In games of five players or more (no two at home after a sweep) two cannons or fewer, as before.
    five = position(
        players=5,
        holdings={UPHILL[0]: (0, troops(9)), UPHILL[1]: (1, troops(4))},
        rest=(1, troops(1)),
        phase=Phase.EXCHANGE,
        options=LAST,
        round=3,
    )
    for cannons, kind, count in ((3, "cannon", 5), (2, "cavalry", 6)):
        short = Units(troop=4, cavalry=12, cannon=cannons, general=2)
        few = replace(five, garrison=(short, *five.garrison[1:]))
        assert SkirmishNormalAI(1).choose(few, 0) == Exchange(UPHILL[0], troops(count), kind)


def truce_position(hand: tuple[int, ...]):
    """Seat 0's Ironmoor (3 troops and a cannon, worth 8) and Sable Ford (2 troops) both face Elder Fen's
    8 troops; Millbrook (1 troop) faces nothing that can attack."""
    return position(
        players=2,
        holdings={
            "ironmoor": (0, Units(troop=3, cannon=1)),
            "sable_ford": (0, troops(2)),
            "millbrook": (0, troops(1)),
            "elder_fen": (1, troops(8)),
        },
        rest=(1, troops(1)),
        phase=Phase.MOVE,
        hands={0: hand},
        moves_left=1,
    )


def test_a_truce_ends_the_turn_on_the_threatened_territory_worth_most():
    truce = card_of("truce")
    assert SkirmishAI(1).choose(truce_position((truce,)), 0) != PlayCard(truce, territory="ironmoor")
    assert SkirmishNormalAI(1).choose(truce_position((truce,)), 0) == PlayCard(truce, territory="ironmoor")


def test_no_truce_where_no_enemy_stack_outnumbers_us():
    truce = card_of("truce")
    state = truce_position((truce,))
    calm = replace(
        state,
        units=tuple(Units(troop=1) if o == 1 else u for o, u in zip(state.owner, state.units, strict=True)),
    )
    assert not isinstance(SkirmishNormalAI(1).choose(calm, 0), PlayCard)


def test_normal_plays_whole_games_for_two_three_and_six_players_every_piece_accounted_for():
    for seats in (2, 3, 6):
        agents = [SkirmishNormalAI(s) if s % 2 == 0 else SkirmishAI(s) for s in range(seats)]
        game = play_out(RULES, seats, agents, f"normal-{seats}", check=invariants)
        assert RULES.result(game.state) is not None


def test_normal_reads_no_other_seats_hand():
    """The same position with other cards in seat 1's hand (and so in the deck) gets the same choices."""
    truce = card_of("truce")
    for hand in ((), (card_of("stand_fast"), card_of("charge"), card_of("truce", 1))):
        state = replace(truce_position((truce,)), hands=((truce,), hand))
        state = replace(state, deck=tuple(c for c in state.deck if c not in hand))
        assert SkirmishNormalAI(1).choose(state, 0) == PlayCard(truce, territory="ironmoor")
        for phase in (Phase.STANDARD, Phase.EXCHANGE, Phase.ATTACK):
            ahead = replace(state, phase=phase, actions_left=2 if phase is Phase.STANDARD else 0)
            assert SkirmishNormalAI(1).choose(ahead, 0) == SkirmishNormalAI(1).choose(
                replace(ahead, hands=((truce,), ())), 0
            )


def sweep_from_oakhollow(enemy: int, players: int = 2):
    """Seat 0's Oakhollow (11 troops) borders four territories of seat 1's: Greyhorn holds ``enemy``
    troops, the other three a troop each, which ten troops sweep five to one."""
    return position(
        players=players,
        holdings={"oakhollow": (0, troops(11)), "greyhorn": (1, troops(enemy))},
        rest=(1, troops(1)),
    )


def test_a_sweep_leaves_two_at_home_where_the_stack_next_door_could_sweep_one():
    """Greyhorn's 7 troops could attack with 6 dice: five to one against one troop, not against two.
    `easy` sweeps with 10 troops and leaves 1; `normal` sends 9 (still five to one) and leaves 2. Against
    12 troops (10 dice, enough for two as well) it still leaves 2, so that sweep needs ten dice, not five.
    Against a lone troop (no attack) it sends ten, as `easy` does, and so it does in a game of five
    players."""
    easy = SkirmishAI(1).choose(sweep_from_oakhollow(7), 0)
    normal = SkirmishNormalAI(1).choose(sweep_from_oakhollow(7), 0)
    assert isinstance(easy, Attack) and isinstance(normal, Attack)
    assert easy.target != "greyhorn" and normal.target == easy.target
    assert (easy.units, normal.units) == (troops(10), troops(9))
    for enemy, players, sent in ((12, 2, 9), (1, 2, 10), (7, 5, 10)):
        chosen = SkirmishNormalAI(1).choose(replace(sweep_from_oakhollow(enemy, players), round=14), 0)
        assert isinstance(chosen, Attack) and chosen.units == troops(sent)


def test_in_the_first_nine_rounds_a_sweep_leaves_two_at_home_beside_any_enemy():
    """Greyhorn's lone troop cannot attack (one unit must stay), and no stack next door could sweep
    Oakhollow: in a game of four players, from round 10 on `normal` sweeps with ten and leaves one, as
    `easy` does; up to round 9 it sends nine and leaves two, since Oakhollow borders other territories of
    seat 1's. With two or three players the same up to round 13 (``BEHIND_EARLY_FEW``), ten from round 14.
    A source with no other enemy next door sends ten in any round, and so does a game of five players."""
    for players, round_, sent in ((4, 1, 9), (4, 9, 9), (4, 10, 10), (2, 1, 9), (2, 10, 9), (3, 13, 9)):
        state = replace(sweep_from_oakhollow(1, players), round=round_)
        chosen = SkirmishNormalAI(1).choose(state, 0)
        assert isinstance(chosen, Attack) and chosen.units == troops(sent), (players, round_)
    for players in (2, 3):
        state = replace(sweep_from_oakhollow(1, players), round=14)
        chosen = SkirmishNormalAI(1).choose(state, 0)
        assert isinstance(chosen, Attack) and chosen.units == troops(10), players
    chosen = SkirmishNormalAI(1).choose(sweep_from_oakhollow(1, players=5), 0)
    assert isinstance(chosen, Attack) and chosen.units == troops(10)
    alone = position(
        players=2,
        holdings={
            "oakhollow": (0, troops(11)),
            **{BOARD.ids[n]: (0, troops(1)) for n in BOARD.neighbours[BOARD.index("oakhollow")]},
            "greyhorn": (1, troops(1)),
        },
        rest=(1, troops(1)),
    )
    chosen = SkirmishNormalAI(1).choose(alone, 0)
    assert isinstance(chosen, Attack) and (chosen.target, chosen.units) == ("greyhorn", troops(10))


def test_once_the_strike_stack_is_full_a_lone_unit_facing_five_to_nine_dice_gets_a_second_troop():
    """Oakhollow holds 12 (full); lone Barrowby faces Yarrow Downs' 7 troops (6 dice: five to one against
    one unit, not two): `normal` places a troop there first. With Oakhollow at 9 no stack is full, and
    the roll goes where it went before, all five on Barrowby (`easy`'s pick, the most threatened);
    against 12 troops next door (10 dice, enough for two) the lone troop is not padded."""

    def placing(strike: int, enemy: int):
        return position(
            players=2,
            holdings={
                "oakhollow": (0, troops(strike)),
                "barrowby": (0, troops(1)),
                "yarrow_downs": (1, troops(enemy)),
            },
            rest=(1, troops(1)),
            phase=Phase.STANDARD,
            actions_left=0,
            placing=Placing(5),
        )

    assert SkirmishAI(1).choose(placing(12, 7), 0) != Place("barrowby", 1)
    assert SkirmishNormalAI(1).choose(placing(12, 7), 0) == Place("barrowby", 1)
    assert SkirmishNormalAI(1).choose(placing(9, 7), 0) == Place("barrowby", 5)
    assert SkirmishNormalAI(1).choose(placing(12, 12), 0) != Place("barrowby", 1)


def test_a_stack_with_ten_troops_to_spare_trades_them_for_a_general():
    """14 troops in Sable Ford and a full garrison: `easy` trades nothing (its troops are not short),
    `normal` trades ten for a general, which leads the stack's attacks (one die and a banner, +1 to every
    skirmish); with 12 troops (ten for the general would leave under three), no general left, or six
    players, none."""
    state = uphill_fight(3, Phase.EXCHANGE, attackers=14)
    assert SkirmishAI(1).choose(state, 0) == EndPhase()
    assert SkirmishNormalAI(1).choose(state, 0) == Exchange(UPHILL[0], troops(10), "general")
    assert SkirmishNormalAI(1).choose(uphill_fight(3, Phase.EXCHANGE, attackers=12), 0) == EndPhase()
    none = replace(state, garrison=(replace(state.garrison[0], general=0), state.garrison[1]))
    assert SkirmishNormalAI(1).choose(none, 0) == EndPhase()
    # In games of more than five players no general is bought (at six one seat won 1.56x its share).
    assert SkirmishNormalAI(1).choose(replace(state, players=6), 0) == EndPhase()
    assert SkirmishNormalAI(1).choose(replace(state, players=5), 0) == Exchange(
        UPHILL[0], troops(10), "general"
    )


def test_an_extra_exchange_buys_a_general_and_cannons_in_one_turn():
    """2 troops in the garrison (too few to roll for) and 20 troops in Sable Ford: `easy` draws a card,
    `normal` takes an extra exchange, then trades ten troops for a general and five for a cannon (the ten
    back in the garrison do not make it long in troops); with no general left it draws the card too."""
    state = uphill_fight(3, Phase.STANDARD, attackers=20)
    short = Units(troop=2, cavalry=12, cannon=10, general=2)
    state = replace(state, garrison=(short, state.garrison[1]), actions_left=1)
    assert SkirmishAI(1).choose(state, 0) == DrawCard()
    assert SkirmishNormalAI(1).choose(state, 0) == ExtraExchange()
    no_general = replace(state, garrison=(replace(short, general=0), state.garrison[1]))
    assert SkirmishNormalAI(1).choose(no_general, 0) == DrawCard()
    state, _ = play(state, 0, ExtraExchange())
    assert state.phase is Phase.EXCHANGE and state.exchanges_allowed == 2
    state, _ = play(state, 0, SkirmishNormalAI(1).choose(state, 0))
    assert state.units[BOARD.index(UPHILL[0])] == Units(troop=10, general=1)
    assert SkirmishNormalAI(1).choose(state, 0) == Exchange(UPHILL[0], troops(5), "cannon")


def test_an_extra_exchange_takes_the_card_s_place_where_troops_left_after_cannons_buy_cavalry():
    """2 troops in the garrison (too few to roll for), 11 troops in Sable Ford, no general to buy, and a
    Push in hand: `easy` and the version before this one draw a second card; `normal` takes an extra
    exchange, trades five troops for a cannon and then three of the six left for a cavalry (three stay).
    With 10 troops (five left after the cannon), no card in hand, or five players it draws the card."""
    push = card_of("push")
    state = uphill_fight(3, Phase.STANDARD, attackers=11)
    short = Units(troop=2, cavalry=12, cannon=10, general=2)
    deck = tuple(c for c in state.deck if c != push)
    state = replace(
        state, garrison=(short, state.garrison[1]), actions_left=1, hands=((push,), ()), deck=deck
    )
    assert SkirmishAI(1).choose(state, 0) == DrawCard()
    before = type("Before", (SkirmishNormalAI,), {"LADDER": 0})
    assert before(1).choose(state, 0) == DrawCard()
    assert SkirmishNormalAI(1).choose(state, 0) == ExtraExchange()
    sable = BOARD.index(UPHILL[0])
    ten = replace(state, units=tuple(troops(10) if t == sable else u for t, u in enumerate(state.units)))
    assert SkirmishNormalAI(1).choose(ten, 0) == DrawCard()
    empty_hand = replace(state, hands=((), ()), deck=(*deck, push))
    assert SkirmishNormalAI(1).choose(empty_hand, 0) == DrawCard()
    assert SkirmishNormalAI(1).choose(replace(state, players=5), 0) == DrawCard()
    state, _ = play(state, 0, ExtraExchange())
    assert SkirmishNormalAI(1).choose(state, 0) == Exchange(UPHILL[0], troops(5), "cannon")
    state, _ = play(state, 0, Exchange(UPHILL[0], troops(5), "cannon"))
    assert SkirmishNormalAI(1).choose(state, 0) == Exchange(UPHILL[0], troops(3), "cavalry")
    state, _ = play(state, 0, Exchange(UPHILL[0], troops(3), "cavalry"))
    assert state.units[sable] == Units(troop=3, cavalry=1, cannon=1)
    assert SkirmishNormalAI(1).choose(state, 0) == EndPhase()


def test_the_second_roll_gives_way_to_an_extra_exchange_when_a_general_and_cannons_are_both_to_buy():
    """5 troops in the garrison (enough to roll for, short of troops for an exchange) and 20 troops in
    Sable Ford, the first roll taken: `easy` draws a card (under half a roll in the garrison), the version
    before this one rolls again, `normal` takes
    an extra exchange (a general and cannons in one turn: a roll would place at most 5 troops). The first
    action still rolls, and with no general left the second rolls too."""
    state = uphill_fight(3, Phase.STANDARD, attackers=20)
    five = Units(troop=5, cavalry=12, cannon=10, general=2)
    state = replace(state, garrison=(five, state.garrison[1]), actions_left=1)
    assert SkirmishAI(1).choose(state, 0) == DrawCard()
    assert SkirmishNormalAI(1).choose(state, 0) == ExtraExchange()
    before = type("Before", (SkirmishNormalAI,), {"EXTRA_EXCHANGE": 1})
    assert before(1).choose(state, 0) == Reinforce()
    assert SkirmishNormalAI(1).choose(replace(state, actions_left=2), 0) == Reinforce()
    no_general = replace(state, garrison=(replace(five, general=0), state.garrison[1]))
    assert SkirmishNormalAI(1).choose(no_general, 0) == Reinforce()


def test_in_the_last_round_a_sweep_leaves_two_at_home_only_where_a_seat_still_to_play_borders_it():
    """The last round, three players: Oakhollow's 11 troops sweep a lone troop next door. Seat 1 plays
    after seat 0 and holds the rest of the map, so seat 0 sends 9 and leaves 2 (seat 1's turn would sweep
    a lone troop back before its own score is counted); played by seat 2, the last to move, whose
    neighbours have all had their last turn, it sends 10. Before the last round it sends 10 (every
    neighbour holds a lone troop: no stack could sweep it)."""

    def last(current: int, round_: int = 15):
        owner = (current + 1) % 3  # seat 0 -> seat 1, still to play; seat 2 -> seat 0, done
        return position(
            players=3,
            holdings={"oakhollow": (current, troops(11))},
            rest=(owner, troops(1)),
            current=current,
            options=LAST,
            round=round_,
        )

    for current, round_, sent in ((0, 15, 9), (2, 15, 10), (0, 14, 10)):
        chosen = SkirmishNormalAI(1).choose(last(current, round_), current)
        assert isinstance(chosen, Attack) and chosen.units == troops(sent), (current, round_)


def test_in_the_last_round_three_stay_at_home_where_a_later_seat_s_stack_could_sweep_two():
    """The last round, three players: Oakhollow's 12 troops sweep a lone troop next door; seat 1, still to
    play this round, holds Greyhorn beside it. With 12 troops there (10 dice: five to one against two
    units as well) seat 0 sends 9 and keeps 3 at home, so seat 1's last turn must fight for Oakhollow on
    the board; with 7 (6 dice: one unit only) two are enough and it sends 10, as it did before
    (``LAST_DEEP = 2``) against either. Played by seat 2, the last to move, it sends ten (the most an attack
    takes) whatever the stack next door holds: no one plays after it. With four players two, as before."""

    def last(greyhorn: int, current: int = 0, players: int = 3):
        rival = (current + 1) % 3  # seat 0 -> seat 1, still to play; seat 2 -> seat 0, done
        return position(
            players=players,
            holdings={"oakhollow": (current, troops(12)), "greyhorn": (rival, troops(greyhorn))},
            rest=(rival, troops(1)),
            current=current,
            options=LAST,
            round=15,
        )

    before = type("Before", (SkirmishNormalAI,), {"LAST_DEEP": 2})
    for greyhorn, current, sent, sent_before in ((12, 0, 9, 10), (7, 0, 10, 10), (12, 2, 10, 10)):
        state = last(greyhorn, current)
        chosen, old = SkirmishNormalAI(1).choose(state, current), before(1).choose(state, current)
        assert isinstance(chosen, Attack) and isinstance(old, Attack)
        assert chosen.target != "greyhorn" and chosen.units == troops(sent), (greyhorn, current)
        assert old.units == troops(sent_before)
    chosen = SkirmishNormalAI(1).choose(last(12, players=4), 0)
    assert isinstance(chosen, Attack) and chosen.units == troops(10)


def test_the_defending_ai_rolls_every_die_it_has_so_it_meets_no_five_to_one_it_could_avoid():
    """The document lets the defender choose how many defend and how many dice it rolls ("Any number may
    defend", "Defender determines number of dice"): fewer is never more. Nine troops attack Greyhorn's two:
    one defending die would be five to one before a roll; both levels defend with both troops and both
    dice (9 against 2), so the battle is fought on the board. Against ten dice no choice avoids it."""
    for attackers, fought in ((9, True), (10, False)):
        state = position(players=2, holdings={"oakhollow": (0, troops(11)), "greyhorn": (1, troops(2))})
        state, _ = play(state, 0, Attack("oakhollow", "greyhorn", troops(attackers)))
        for ai in (SkirmishAI(1), SkirmishNormalAI(1)):
            defence = ai.choose(state, 1)
            assert isinstance(defence, Defend) and defence.units == troops(2)
            assert defence.dice in (None, 2)
            _, events = play(state, 1, defence, dice=[6] * (attackers + 2) if fought else [])
            ended = [e for e in events if isinstance(e, BattleEnded)]
            assert bool(ended) is not fought, (attackers, ended)


def won_on_the_board(home: int, enemy: int = 1, round_: int = 3, players: int = 2):
    """Oakhollow's 10 of ``home`` troops attack Greyhorn's 3 (10 dice against 3: fought on the board);
    the attacker rolls ten 6s, the defender three 3s: the attacker wins every skirmish and the defender
    runs out of units, all ten attackers still on the board. Oakhollow's other neighbours are seat 1's
    with ``enemy`` troops each. Returns the state waiting for the attacker's occupation."""
    beside = {BOARD.ids[n]: (1, troops(enemy)) for n in BOARD.neighbours[BOARD.index("oakhollow")]}
    state = position(
        players=players,
        holdings={**beside, "oakhollow": (0, troops(home)), "greyhorn": (1, troops(3))},
        rest=(1, troops(1)),
        round=round_,
    )
    rng = ScriptedRng([6] * 10 + [3] * 3)
    state, _ = RULES.apply(state, 0, Attack("oakhollow", "greyhorn", troops(10)), rng)
    while state.battle is not None and flow.waiting(state.battle)[1] != "occupy":
        seat = flow.waiting(state.battle)[0]
        state, events = RULES.apply(state, seat, SkirmishNormalAI(1).choose(state, seat), rng)
    assert rng.unused == 0 and [e.ended_by for e in events if isinstance(e, BattleEnded)] == ["out of units"]
    assert state.battle is not None and state.battle.attacker.units == troops(10)
    return state


def test_a_board_battle_won_leaves_at_home_what_a_five_to_one_would():
    """Eleven troops in Oakhollow win a board battle for Greyhorn with all ten attackers left. `easy`
    (and `normal` before this row) moves the ten in and leaves the one at home, a lone troop the next
    player sweeps five to one; in the first thirteen rounds (two or three players) `normal` moves nine and
    keeps two at home, since Oakhollow borders other territories of seat 1's, as a sweep from there would
    have. From round 14 it keeps two only where an enemy stack next door could sweep one (7 troops: 6
    dice). With three players as with two; with four it moves all ten in, as before (there the last seat
    won 1.47x its share)."""
    waiting = won_on_the_board(11)
    before = type("Before", (SkirmishNormalAI,), {"OCCUPY_BEHIND": 0})
    assert SkirmishAI(1).choose(waiting, 0) == Occupy(troops(10))
    assert before(1).choose(waiting, 0) == Occupy(troops(10))
    assert SkirmishNormalAI(1).choose(waiting, 0) == Occupy(troops(9))
    after, _ = play(waiting, 0, Occupy(troops(9)))
    assert units_at(after, "oakhollow") == troops(2) and units_at(after, "greyhorn") == troops(9)
    assert SkirmishNormalAI(1).choose(won_on_the_board(11, round_=10), 0) == Occupy(troops(9))
    assert SkirmishNormalAI(1).choose(won_on_the_board(11, round_=14), 0) == Occupy(troops(10))
    assert SkirmishNormalAI(1).choose(won_on_the_board(11, enemy=7, round_=14), 0) == Occupy(troops(9))
    assert SkirmishNormalAI(1).choose(won_on_the_board(11, players=3), 0) == Occupy(troops(9))
    assert SkirmishNormalAI(1).choose(won_on_the_board(11, players=4), 0) == Occupy(troops(10))
    # Two at home already (12 troops, ten attacked): nothing more stays.
    assert SkirmishNormalAI(1).choose(won_on_the_board(12), 0) == Occupy(troops(10))


def test_in_the_last_round_a_seat_still_to_play_is_attacked_before_one_whose_score_is_counted():
    """The last round, three players, seat 1 to move: Oakhollow's 11 troops could sweep Sable Ford's lone
    troop (seat 0, whose last turn is over and its score counted) or fight Barrowby's 3 (seat 2, still to
    play) on the board. The sure sweep scores more on chance alone, and did before (``LAST_RIVAL = 0``);
    now Barrowby goes first: it lowers a score still open. With four players, as before."""

    held = {"oakhollow": (1, troops(11)), "sable_ford": (0, troops(1)), "barrowby": (2, troops(3))}

    def last(players: int = 3):
        return position(
            players=players, holdings=held, rest=(1, troops(1)), current=1, options=LAST, round=15
        )

    before = type("Before", (SkirmishNormalAI,), {"LAST_RIVAL": 0.0})
    chosen = SkirmishNormalAI(1).choose(last(), 1)
    assert isinstance(chosen, Attack) and chosen.target == "barrowby"
    old = before(1).choose(last(), 1)
    assert isinstance(old, Attack) and old.target == "sable_ford"
    four = SkirmishNormalAI(1).choose(last(players=4), 1)
    assert isinstance(four, Attack) and four.target == "sable_ford"

"""``bot.replay``: the steps of a past hand, checked against the engine replaying the same record."""

from __future__ import annotations

import random

import pytest

from bot.replay import replay_address, replay_frame, replay_frames
from bot.reports import history_text
from core.refusal import Refusal
from core.tables.replay import ReplayError
from data.ledger import HandEntry, MatchEntry, SeatEntry
from game.events import Called, Discarded, HandDrawn, HandWon, KongDeclared, SetClaimed
from game.players import make_player
from game.players.autoplay import play_round
from game.round import Round
from game.rules import ruleset
from game.scoring.classic import score_classic
from game.scoring.table import settings_for
from render.result import render_result
from render.table import render_table
from words.tiles import tile_name

NAMES = ("Alice", "Computer 1", "Computer 2", "Computer 3")
SEATS = (SeatEntry("Alice", 42, None), *(SeatEntry(name, None, "basic") for name in NAMES[1:]))
PUBLIC = (Discarded, SetClaimed, KongDeclared, Called, HandWon, HandDrawn)


def played(seed: int, player: str = "basic") -> Round:
    hand = Round.deal(ruleset("classic"), seed)
    play_round(hand, [make_player(player) for _ in range(4)], random.Random(seed))
    return hand


def entry_of(hand: Round, guild_id: int = 7, number: int = 2) -> HandEntry:
    result = hand.result
    assert result is not None
    won = result.winner is not None
    payments = (10.0, -10.0, 0.0, 0.0) if won else (0.0, 0.0, 0.0, 0.0)
    return HandEntry(
        hand_id=f"abcdefgh:{number}",
        guild_id=guild_id,
        table_id="abcdefgh",
        match_id="abcdefgh",
        number=number,
        rules=hand.ruleset.to_document(),
        seats=SEATS,
        winner=result.winner,
        discarder=None if result.self_drawn else result.discarder,
        self_drawn=result.self_drawn,
        score=10.0,
        fan=0,
        payments=payments,
        patterns=(),
        record=hand.record().to_text(),
        finished_at=1_700_000_000.0,
    )


def positions(hand: Round) -> list[Round]:
    """The engine's own positions after each step: the deal, then each action something public came of."""
    again = Round.deal(hand.ruleset, hand.seed, dealer=hand.dealer, round_wind=hand.round_wind)
    found = [Round.deal(hand.ruleset, hand.seed, dealer=hand.dealer, round_wind=hand.round_wind)]
    for index, action in enumerate(hand.actions):
        if any(isinstance(event, PUBLIC) for event in again.apply(action)):
            found.append(
                Round.replay(
                    hand.ruleset, hand.seed, hand.actions[: index + 1], dealer=hand.dealer, round_wind=hand.round_wind
                )
            )
    return found


@pytest.fixture(scope="module")
def won() -> Round:
    hand = next(
        hand
        for hand in (played(seed) for seed in range(20))
        if hand.result is not None and hand.result.winner is not None and not hand.result.self_drawn
    )
    return hand


def test_one_step_per_public_action_and_the_deal(won):
    steps = replay_frames(won.record().to_text())
    assert steps == len(positions(won))
    discards = sum(1 for action in won.actions if type(action).__name__ == "Discard")
    passes = sum(1 for action in won.actions if type(action).__name__ in ("Pass", "CloseWindow"))
    assert discards + 2 <= steps <= len(won.actions) + 1 - passes + 1  # every discard, the deal and the win


def test_the_first_step_is_the_deal_from_the_spectators_seat(won):
    entry = entry_of(won)
    steps = replay_frames(entry.record)
    content, rendered = replay_frame(entry, 1, "en")
    assert content == f"Hand 3 · step 1/{steps} · the deal"
    deal = positions(won)[0]
    spectator = render_table(deal.view(None), NAMES, [0, 0, 0, 0], "en")
    assert rendered.description == spectator.description and rendered.image_png == spectator.image_png
    for seat in range(4):  # each seat's own picture shows its hand: the replay's is none of them
        assert rendered.image_png != render_table(deal.view(seat), NAMES, [0, 0, 0, 0], "en").image_png, seat
        hidden = {tile.code for tile in deal.concealed(seat)} | {tile_name(tile, "en") for tile in deal.concealed(seat)}
        assert not any(word in rendered.description for word in hidden), seat


def test_a_middle_step_is_the_engines_position_and_says_what_happened(won):
    entry = entry_of(won)
    steps = replay_frames(entry.record)
    after = positions(won)
    first_discard = next(action for action in won.actions if type(action).__name__ == "Discard")
    content, rendered = replay_frame(entry, 2, "en")
    assert content == (
        f"Hand 3 · step 2/{steps} · {NAMES[first_discard.seat]} discards {tile_name(first_discard.tile, 'en')}"
    )
    assert rendered.description == render_table(after[1].view(None), NAMES, [0, 0, 0, 0], "en").description
    middle = steps // 2
    assert (
        replay_frame(entry, middle, "fr")[1].description
        == render_table(after[middle - 1].view(None), NAMES, [0, 0, 0, 0], "fr").description
    )
    assert replay_frame(entry, 2, "fr")[0].startswith(f"Main 3 · étape 2/{steps} · ")


def test_the_last_step_of_a_won_hand_is_the_winning_card(won):
    entry = entry_of(won)
    steps = replay_frames(entry.record)
    content, rendered = replay_frame(entry, steps, "en")
    result = won.result
    assert result is not None and result.win is not None and result.winner is not None
    assert content.startswith(f"Hand 3 · step {steps}/{steps} · Mahjong! {NAMES[result.winner]} wins")
    card = render_result(
        result.win,
        score_classic(result.win, settings_for(won.ruleset)),
        winner_name=NAMES[result.winner],
        discarder_name=NAMES[result.discarder or 0],
        lang="en",
    )
    assert rendered.description == card.description
    assert replay_frame(entry, steps - 1, "en")[1].description != card.description


def test_a_drawn_hand_ends_on_the_table_saying_drawn():
    hand = next(
        (
            hand
            for hand in (played(seed, "random") for seed in range(40))
            if hand.result is not None and hand.result.winner is None
        ),
        None,
    )
    if hand is None:
        pytest.skip("no drawn hand among the seeds")
    entry = entry_of(hand)
    steps = replay_frames(entry.record)
    content, rendered = replay_frame(entry, steps, "en")
    assert content.endswith("drawn: the wall ran out")
    assert rendered.description == render_table(hand.view(None), NAMES, [0, 0, 0, 0], "en").description
    assert replay_frame(entry, steps, "fr")[0].endswith("main nulle : le mur est épuisé")


@pytest.mark.parametrize("step", [0, -1, 10_000])
def test_a_step_out_of_range_is_refused(won, step):
    entry = entry_of(won)
    with pytest.raises(ReplayError) as raised:
        replay_frame(entry, step, "en")
    assert isinstance(raised.value, Refusal) and raised.value.key == "replay_bad_step"
    assert raised.value.params["steps"] == replay_frames(entry.record)


def test_a_record_that_does_not_replay_is_refused(won):
    with pytest.raises(ReplayError) as raised:
        replay_frames("-")
    assert raised.value.key == "replay_bad_record"
    broken = won.record().to_text() + "0 d 1z\n0 d 1z\n"
    with pytest.raises(ReplayError):
        replay_frames(broken)


def test_history_shows_the_hand_ids_to_replay():
    match = MatchEntry(
        match_id="abcdefgh",
        guild_id=7,
        table_id="abcdefgh",
        rules={"name": "classic"},
        seats=SEATS,
        totals=(10.0, 0.0, -4.0, -6.0),
        hands=4,
        finished_at=1_700_000_000.0,
    )
    text = history_text("en", 42, "Alice", [match])
    assert "hands `abcdefgh:0` to `abcdefgh:3`" in text
    assert "mains `abcdefgh:0` à `abcdefgh:3`" in history_text("fr", 42, "Alice", [match])


def test_the_page_address_numbers_hands_from_one_and_takes_the_members_seat(won: Round) -> None:
    entry = entry_of(won, number=2)  # the ledger's hand 2 is the page's hand 3
    assert replay_address("https://mahjong.example.org", entry, 5, 999) == (
        "https://mahjong.example.org/replay/abcdefgh/3?step=5"  # a member who did not sit there: East's view
    )
    wind = "ESWN"[(0 - won.dealer) % 4]  # Alice, member 42, sits in the first chair
    assert replay_address("https://mahjong.example.org/", entry, 1, 42) == (
        f"https://mahjong.example.org/replay/abcdefgh/3?seat={wind}&step=1"
    )

"""A tournament's life (SPEC §9) through its pure transitions: sign-up and check-in, rounds seated from a
schedule, a round's results withheld until its last table ends, a player leaving and another replacing,
and every refused request changing nothing."""

from __future__ import annotations

import ast
import inspect
from dataclasses import replace

import pytest

from core.refusal import Refusal
from core.tournaments import tournament as life
from core.tournaments.tournament import Tournament, TournamentSettings
from tests.core.tournament_helpers import schedule_of
from words import LANGS
from words.messages import say

ORGANISER = 1
SETTINGS = TournamentSettings(rules="hongkong", rounds=2, signup_closes=100.0, checkin=50.0)
# five players checked in: two tables a round, three computer seats (-1)
SCHEDULE = schedule_of(
    (
        ((0, 1, 2, 3), (4, -1, -1, -1)),
        ((4, 0, -1, 1), (2, 3, -1, -1)),
    )
)


def signed_up() -> Tournament:
    """Members 11 to 16 sign up; 16 leaves again; 15 never checks in; the others do."""
    made = life.create("t1", 7, ORGANISER, SETTINGS, seed=42)
    for member in range(11, 17):
        made = life.join(made, member, 10.0)
    made = life.leave(made, 16, 20.0)
    for member in (11, 12, 13, 14):
        made = life.check_in(made, member, 120.0)
    return made


def refused(key: str, transition: object, *args: object) -> None:
    with pytest.raises(Refusal) as caught:
        transition(*args)  # type: ignore[operator]
    assert caught.value.key == key


def test_sign_up_and_check_in_refuse_what_they_must() -> None:
    made = signed_up()
    assert made.signed == (11, 12, 13, 14, 15) and made.checked == {11, 12, 13, 14}
    refused("tournament_joined", life.join, made, 11, 30.0)
    refused("tournament_signup_closed", life.join, made, 20, 100.0)
    refused("tournament_checkin_closed", life.check_in, made, 15, 99.0)  # sign-up still open
    refused("tournament_checkin_closed", life.check_in, made, 15, 150.0)  # the start has come
    refused("tournament_not_joined", life.check_in, made, 20, 120.0)
    refused("tournament_not_joined", life.leave, made, 20, 30.0)
    refused("tournament_organiser_only", life.start, made, 11, SCHEDULE, 150.0)
    refused("tournament_too_few", life.start, replace(made, checked=frozenset({11, 12, 13})), ORGANISER, SCHEDULE, 0.0)
    with pytest.raises(ValueError):  # four checked in: a schedule for five is not theirs
        life.start(made, ORGANISER, SCHEDULE, 150.0)


def test_rounds_are_seated_and_their_results_withheld_until_the_last_table_ends() -> None:
    made = life.check_in(signed_up(), 15, 130.0)
    started = life.start(made, ORGANISER, SCHEDULE, 150.0)
    assert started.status == "playing" and started.round == 1 and started.players == (11, 12, 13, 14, 15)
    first, second = started.round_tables(1)
    assert first.seats == (11, 12, 13, 14) and second.seats == (15, None, None, None)
    refused("tournament_started", life.join, started, 20, 10.0)
    playing = life.table_opened(life.table_opened(started, 1, 0, "tab-a"), 1, 1, "tab-b")
    assert life.table_opened(playing, 1, 0, "tab-a") == playing  # said twice: once
    one = life.table_finished(playing, "tab-a", ((10, -5, -5, 0), (0, 0, 6, -6)))
    assert life.table_finished(one, "tab-a", ((1, 1, 1, 1),)) == one  # said twice: the first stands
    assert not one.round_over and one.shown_standings() == []  # withheld: tab-b plays on
    refused("tournament_round_playing", life.next_round, one, 200.0)
    both = life.table_finished(one, "tab-b", ((-3, 1, 1, 1),))
    assert both.round_over
    # tab-a: 0 first, 2 second, 1 third, 3 fourth (-6); tab-b: 4 fourth (-3), behind three computers
    assert [line.player for line in both.shown_standings()] == [0, 2, 1, 4, 3]
    second_round = life.next_round(both, 300.0)
    assert second_round.round == 2 and second_round.shown_standings() == both.shown_standings()
    assert [table.seats for table in second_round.round_tables(2)] == [(15, 11, None, 12), (13, 14, None, None)]


def test_a_player_who_leaves_is_played_for_and_a_replacement_takes_their_number() -> None:
    started = life.start(life.check_in(signed_up(), 15, 130.0), ORGANISER, SCHEDULE, 150.0)
    gone = life.leave(started, 12, 160.0)
    assert gone.absent == {12} and 12 in gone.players  # a computer plays for them; they stay in the standings
    refused("tournament_not_joined", life.leave, gone, 12, 161.0)
    refused("tournament_organiser_only", life.replace_player, gone, 11, 12, 30)
    refused("tournament_joined", life.replace_player, gone, ORGANISER, 12, 13)
    opened = life.table_opened(gone, 1, 0, "tab-a")
    swapped = life.replace_player(opened, ORGANISER, 12, 30)
    assert swapped.players == (11, 30, 13, 14, 15) and swapped.absent == frozenset()
    assert swapped.round_tables(1)[0].seats == (11, 12, 13, 14)  # opened already: as it was seated
    done = life.table_finished(life.table_opened(swapped, 1, 1, "tab-b"), "tab-a", ((4, -4, 0, 0),))
    done = life.next_round(life.table_finished(done, "tab-b", ((0, 0, 0, 0),)), 300.0)
    assert done.round_tables(2)[0].seats == (15, 11, None, 30)  # seated after: the replacement
    assert {line.player for line in done.shown_standings()} == {0, 1, 2, 3, 4}


def test_the_organiser_pauses_resumes_and_ends_it() -> None:
    started = life.start(life.check_in(signed_up(), 15, 130.0), ORGANISER, SCHEDULE, 150.0)
    refused("tournament_organiser_only", life.pause, started, 11)
    paused = life.pause(started, ORGANISER)
    refused("tournament_not_playing", life.next_round, paused, 200.0)
    refused("tournament_not_paused", life.resume, started, ORGANISER)
    assert life.resume(paused, ORGANISER) == started
    ended = life.cancel(paused, ORGANISER)
    assert ended.status == "cancelled"
    refused("tournament_over", life.cancel, ended, ORGANISER)
    refused("tournament_over", life.leave, ended, 11, 300.0)


def test_the_last_round_ends_the_tournament() -> None:
    one_round = replace(SETTINGS, rounds=1)
    made = replace(life.check_in(signed_up(), 15, 130.0), settings=one_round)
    started = life.start(made, ORGANISER, replace(SCHEDULE, rounds=SCHEDULE.rounds[:1]), 150.0)
    for index, table in enumerate(("a", "b")):
        started = life.table_finished(life.table_opened(started, 1, index, table), table, ((0, 0, 0, 0),))
    assert life.next_round(started, 300.0).status == "over"


@pytest.mark.parametrize(
    "settings",
    [
        {"rules": "family", "rounds": 2},
        {"rules": "classic", "rounds": 0},
        {"rules": "classic", "rounds": 13},
        {"rules": "classic", "rounds": 2, "speed": "slow"},
        {"rules": "classic", "rounds": 2, "lang": "de"},
        {"rules": "classic", "rounds": 2, "name": "x" * 61},
    ],
)
def test_settings_out_of_bounds_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        TournamentSettings(**settings)  # type: ignore[arg-type]


def test_every_refusal_a_tournament_raises_is_said_in_every_language() -> None:
    keys = {
        node.args[0].value
        for node in ast.walk(ast.parse(inspect.getsource(life)))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "Refusal"
        and isinstance(node.args[0], ast.Constant)
    }
    keys |= {"tournament_over", "tournament_not_playing"}  # the one raise that chooses between them
    assert len(keys) >= 12
    for lang in LANGS:
        for key in keys:
            said = say(key, lang, limit=200, count=3, needed=4)
            assert said and key not in said

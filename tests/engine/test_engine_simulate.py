"""``mahjong-bot simulate`` (SPEC §5) and long runs of random play for every rule set."""

import json
import random

import pytest

from cli import main
from cli.simulate import simulate
from game.players import make_player
from game.players.autoplay import play_round
from game.rules import ruleset

HAND_KEYS = ["hand", "winner", "discarder", "self_drawn", "score", "payments", "wall_left", "actions"]


def run(capsys, *args):
    status = main(["simulate", *args])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("rules", ["classic", "hongkong", "family"])
def test_one_line_per_hand_then_a_summary(capsys, rules):
    status, lines = run(
        capsys, "--hands", "12", "--seed", "3", "--rules", rules, "--players", "random,basic,basic,basic"
    )
    assert status == 0 and len(lines) == 13
    for number, line in enumerate(lines[:-1]):
        expected = HAND_KEYS[:5] + (["fan"] if rules == "hongkong" else []) + HAND_KEYS[5:]
        assert list(line) == expected
        assert line["hand"] == number
        assert line["winner"] in (None, 0, 1, 2, 3) and line["actions"] > 0
        if line["winner"] is None:
            assert line["discarder"] is None and not line["self_drawn"]
            assert line["payments"] == [0, 0, 0, 0] and line["score"] == 0
        else:
            assert (line["discarder"] is None) == line["self_drawn"]
            assert line["payments"][line["winner"]] == line["score"]
        if rules == "classic" and line["winner"] is not None:
            # Only the winner scores: at least the 20 for mahjong.
            assert line["score"] >= 20
            assert [paid for seat, paid in enumerate(line["payments"]) if seat != line["winner"]] == [0, 0, 0]
        if rules == "hongkong":
            assert sum(line["payments"]) == 0
            assert line["winner"] is None or line["fan"] >= 3
        if rules == "family":
            assert line["payments"] == [0, 0, 0, 0]
    summary = lines[-1]["summary"]
    winners = [line["winner"] for line in lines[:-1]]
    assert summary["wins"] == [winners.count(seat) for seat in range(4)]
    assert summary["deal_ins"] == [[line["discarder"] for line in lines[:-1]].count(seat) for seat in range(4)]
    assert summary["draws"] == winners.count(None)
    assert summary["payments"] == [sum(line["payments"][seat] for line in lines[:-1]) for seat in range(4)]
    assert summary["players"] == ["random", "basic", "basic", "basic"]


def test_the_same_arguments_print_the_same_lines(capsys):
    args = ("--hands", "5", "--seed", "11", "--rules", "hongkong")
    assert run(capsys, *args) == run(capsys, *args)
    assert run(capsys, *args)[1] != run(capsys, "--hands", "5", "--seed", "12", "--rules", "hongkong")[1]


def test_seats_keep_their_strength_across_hands():
    lines = simulate(
        ruleset("classic"),
        players_names=["basic", "random", "random", "random"],
        players=[make_player(name) for name in ("basic", "random", "random", "random")],
        hands=24,
        seed=1,
    )
    wins = lines[-1]["summary"]["wins"]
    assert wins[0] > max(wins[1:]), "the basic seat outplays the random ones whoever deals"


def test_fewer_players_play_a_smaller_table(capsys):
    status, lines = run(capsys, "--hands", "3", "--seed", "2", "--players", "basic,basic,basic")
    assert status == 0 and all(len(line["payments"]) == 3 for line in lines[:-1])


@pytest.mark.parametrize(
    "args",
    [
        ("--hands", "-1", "--seed", "1"),
        ("--hands", "2", "--seed", "1", "--rules", "riichi"),
        ("--hands", "2", "--seed", "1", "--players", "basic,genius,basic,basic"),
        ("--hands", "2", "--seed", "1", "--players", "basic"),
    ],
)
def test_bad_arguments_get_a_json_error_and_status_1(capsys, args):
    status, lines = run(capsys, *args)
    assert status == 1 and lines[0]["valid"] is False and lines[0]["error"]


@pytest.mark.parametrize("rules", ["classic", "hongkong", "family"])
def test_a_thousand_random_hands_play_through(rules):
    rules = ruleset(rules)
    players = [make_player("random") for _ in range(4)]
    lines = simulate(
        rules, players_names=["random"] * 4, players=players, hands=1000, seed=random.Random(rules.name).randrange(1000)
    )
    summary = lines[-1]["summary"]
    assert summary["hands"] == 1000 and sum(summary["wins"]) + summary["draws"] == 1000
    assert all(line["wall_left"] == 0 for line in lines[:-1] if line["winner"] is None)


@pytest.mark.parametrize("rules", ["classic", "hongkong", "family"])
def test_hand_0_deals_the_seeds_wall_whatever_the_seating(capsys, monkeypatch, rules):
    # SPEC §5: a seed replayed with the players permuted is a duplicate deal. Compare what was dealt
    # (the whole state before the first action: wall, dice, every seat's tiles, dealer), not results.
    dealt: list[dict] = []

    def play_recording_the_deal(hand, players, rng):
        dealt.append(hand.to_document())
        return play_round(hand, players, rng)

    monkeypatch.setattr("cli.simulate.play_round", play_recording_the_deal)
    seatings = ["strong,basic,random,basic", "basic,strong,basic,random", "random,basic,basic,strong"]
    for seed in (4, 5):
        for players in seatings:
            status, _ = run(capsys, "--hands", "1", "--seed", str(seed), "--rules", rules, "--players", players)
            assert status == 0
    assert len(dealt) == 6
    first_seed, second_seed = dealt[:3], dealt[3:]
    assert all(document == first_seed[0] for document in first_seed)
    assert all(document == second_seed[0] for document in second_seed)
    assert first_seed[0]["wall"] != second_seed[0]["wall"]

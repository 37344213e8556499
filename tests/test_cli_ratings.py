"""``mahjong-bot ratings`` (SPEC §8): JSON lines of matches in, every player's rating per pool out, the
values openskill gives for the same matches (four distinct scores, two- and three-way ties, a computer
strength on one seat), sorted by pool then ordinal; a malformed line refused with its number, exit
status 1, nothing on stdout."""

from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest
from openskill.models import PlackettLuce

from cli import main

ROOT = pathlib.Path(__file__).resolve().parents[1]


def line(pool: str, *seats: tuple[str, float]) -> str:
    return json.dumps({"pool": pool, "seats": [{"player": player, "score": score} for player, score in seats]})


def run(stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    status = main(["ratings"])
    return status, out.getvalue(), err.getvalue()


def openskill_loop(matches: list[tuple[str, list[tuple[str, float]]]]) -> dict[tuple[str, str], Any]:
    """The same matches rated by openskill directly, ranks from the scores (equal scores, equal ranks)."""
    model = PlackettLuce()
    ratings: dict[tuple[str, str], Any] = {}
    played: dict[tuple[str, str], int] = {}
    for pool, seats in matches:
        teams = [[ratings.get((pool, player)) or model.rating()] for player, _ in seats]
        ranks = [float(sum(1 for _, other in seats if other > score) + 1) for _, score in seats]
        for (player, _), team in zip(seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[(pool, player)] = team[0]
            played[(pool, player)] = played.get((pool, player), 0) + 1
    return {key: (rating.mu, rating.sigma, played[key]) for key, rating in ratings.items()}


MATCHES: list[tuple[str, list[tuple[str, float]]]] = [
    ("club", [("ann", 30), ("bo", 10), ("cy", -5), ("di", -35)]),  # four distinct scores
    ("club", [("ann", 10), ("bo", 0), ("cy", 0), ("di", -10)]),  # a two-way tie
    ("club", [("ann", 5), ("bo", 5), ("ed", 5), ("di", -15)]),  # a three-way tie
    ("hk", [("ann", 64.5), ("computer:strong", -20), ("bo", -20.5), ("cy", -24)]),
    ("club", [("ed", 0), ("di", 0), ("cy", 0), ("bo", 0)]),  # everyone equal
]


def test_the_ratings_are_openskills_for_the_same_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run("\n".join(line(pool, *seats) for pool, seats in MATCHES) + "\n", monkeypatch)
    assert (status, err) == (0, "")
    printed = json.loads(out)
    assert list(printed) == ["players"]
    expected = openskill_loop(MATCHES)
    assert {(p["pool"], p["player"]): (p["mu"], p["sigma"], p["matches"]) for p in printed["players"]} == expected
    for player in printed["players"]:
        assert list(player) == ["player", "pool", "mu", "sigma", "ordinal", "matches"]
        assert player["ordinal"] == player["mu"] - 3 * player["sigma"]
    order = [(p["pool"], -p["ordinal"]) for p in printed["players"]]
    assert order == sorted(order) and [p["pool"] for p in printed["players"]][-1] == "hk"


@pytest.mark.parametrize(
    ("seats", "known"),
    [
        (
            [("a", 30), ("b", 10), ("c", -5), ("d", -35)],
            {"a": 27.795252672501135, "b": 26.55291815138952, "c": 24.689416369722096, "d": 20.962412806387245},
        ),
        (
            [("a", 10), ("b", 0), ("c", 0), ("d", -10)],
            {"a": 27.795252672501135, "b": 24.689416369722096, "c": 24.689416369722096, "d": 22.825914588054673},
        ),
        (
            [("a", 5), ("b", 5), ("c", 5), ("d", -15)],
            {"a": 25.310583630277904, "b": 25.310583630277904, "c": 25.310583630277904, "d": 24.06824910916629},
        ),
    ],
    ids=["distinct", "two-way tie", "three-way tie"],
)
def test_one_match_gives_openskills_known_values(
    seats: list[tuple[str, float]], known: dict[str, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(line("p", *seats) + "\n", monkeypatch)
    assert status == 0
    assert {p["player"]: p["mu"] for p in json.loads(out)["players"]} == known


def test_no_matches_no_players_and_blank_lines_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("", monkeypatch)[:2] == (0, '{"players": []}\n')
    status, out, _ = run("\n  \n" + line("p", ("a", 1), ("b", 0), ("c", 0), ("d", -1)) + "\n\n", monkeypatch)
    assert status == 0 and len(json.loads(out)["players"]) == 4


GOOD = line("p", ("a", 1), ("b", 0), ("c", 0), ("d", -1))


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ('{"pool": "p", "seats": [', "not a match: not JSON"),
        ("[1, 2, 3]", "a match is a JSON object"),
        ('"p"', "a match is a JSON object"),
        ('{"seats": []}', '"pool" must be a non-empty text'),
        ('{"pool": "", "seats": []}', '"pool" must be a non-empty text'),
        ('{"pool": 7, "seats": []}', '"pool" must be a non-empty text'),
        ('{"pool": "p"}', '"seats" must list the 4 seats of the match, not none'),
        (line("p", ("a", 1), ("b", 0), ("c", 0)), '"seats" must list the 4 seats of the match, not 3 seats'),
        (
            line("p", ("a", 1), ("b", 0), ("c", 0), ("d", 0), ("e", 0)),
            '"seats" must list the 4 seats of the match, not 5 seats',
        ),
        ('{"pool": "p", "seats": [1, 2, 3, 4]}', "seat 1 must be an object"),
        ('{"pool": "p", "seats": [{"score": 1}, {}, {}, {}]}', 'seat 1: "player" must be a non-empty text'),
        (
            '{"pool": "p", "seats": [{"player": "a", "score": 1}, {"player": "b"}, {}, {}]}',
            'seat 2: "score" must be a number, not null',
        ),
        (line("p", ("a", 1), ("b", "ten"), ("c", 0), ("d", 0)), 'seat 2: "score" must be a number, not "ten"'),  # type: ignore[arg-type]
        (line("p", ("a", 1), ("b", True), ("c", 0), ("d", 0)), 'seat 2: "score" must be a number, not true'),
        (line("p", ("a", 1), ("b", 0), ("c", float("nan")), ("d", 0)), 'seat 3: "score" must be a finite number'),
        ('{"pool": "p", "seats": [{"player": "a", "score": 1e999}, {}, {}, {}]}', '"score" must be a finite number'),
        (
            '{"pool": "p", "seats": [{"player": "a", "score": 1' + "0" * 400 + "}, {}, {}, {}]}",
            'seat 1: "score" must be a finite number',
        ),
        (line("p", ("a", 1), ("b", 0), ("a", 0), ("d", 0)), "seat 3: 'a' is already at seat 1"),
        ("[" * 100_000 + "]" * 100_000, "not a match: JSON nested too deep"),
    ],
    ids=[
        "bad JSON",
        "a list",
        "a text",
        "no pool",
        "empty pool",
        "numeric pool",
        "no seats",
        "three seats",
        "five seats",
        "seats not objects",
        "no player",
        "no score",
        "text score",
        "boolean score",
        "NaN score",
        "infinite score",
        "huge score",
        "duplicate player",
        "deep JSON",
    ],
)
def test_a_malformed_line_is_refused_naming_its_number(bad: str, reason: str, monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(f"{GOOD}\n\n{GOOD}\n{bad}\n{GOOD}\n", monkeypatch)
    assert (status, out) == (1, "")
    assert err.startswith("mahjong-bot ratings: line 4: ") and reason in err, err


def test_the_installed_command_refuses_bytes_that_are_not_utf8() -> None:
    command = [sys.executable, "-c", "import sys; from cli import console; sys.exit(console())", "ratings"]
    done = subprocess.run(command, input=GOOD.encode() + b"\n\xff\xfe\n", capture_output=True, cwd=ROOT)
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.startswith(b"mahjong-bot ratings: ") and b"not UTF-8" in done.stderr

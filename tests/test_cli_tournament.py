"""``mahjong-bot tournament seats`` (SPEC §9, stable): the schedule as one line of JSON, the same for the
same arguments; a number out of range refused in JSON with exit status 1 and nothing else, a value that is
not a whole number by argparse (status 2, nothing on stdout)."""

from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys

import pytest

from cli import main
from core.tournaments import measure, parse_schedule

ROOT = pathlib.Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-c", "import sys; from cli import console; sys.exit(console())"]


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    try:
        status = main(["tournament", "seats", *argv])
    except SystemExit as stop:
        assert isinstance(stop.code, int)
        status = stop.code
    return status, out.getvalue(), err.getvalue()


def test_the_installed_command_prints_sixteen_players_over_five_rounds_meeting_no_one_twice() -> None:
    command = [*COMMAND, "tournament", "seats", "--players", "16", "--rounds", "5", "--seed", "3"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stderr == "" and done.stdout.count("\n") == 1
    schedule = parse_schedule(json.loads(done.stdout))
    assert (schedule.players, len(schedule.rounds)) == (16, 5)
    assert measure(schedule).repeats == 0 and measure(schedule).wind_spread <= 1
    again = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True)
    assert again.stdout == done.stdout


def test_computer_seats_are_minus_one_and_the_seed_is_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(["--players", "7", "--rounds", "2"], monkeypatch)
    assert (status, err) == (0, "")
    rounds = json.loads(out)["rounds"]
    assert [[table.count(-1) for table in tables] for tables in rounds] == [[1, 0], [1, 0]]
    assert run(["--players", "7", "--rounds", "2", "--seed", "0"], monkeypatch)[1] == out


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--players", "3", "--rounds", "1"], "--players is a number of players from 4 to 200, not 3"),
        (["--players", "201", "--rounds", "1"], "--players is a number of players from 4 to 200, not 201"),
        (["--players", "-16", "--rounds", "1"], "--players is a number of players from 4 to 200, not -16"),
        (["--players", "8", "--rounds", "0"], "--rounds is a number of rounds from 1 to 12, not 0"),
        (["--players", "8", "--rounds", "13"], "--rounds is a number of rounds from 1 to 12, not 13"),
        (["--players", "8", "--rounds", "2", "--seed", "-1"], "--seed is a whole number, 0 or more, not -1"),
    ],
)
def test_a_number_out_of_range_is_refused_in_json(argv: list[str], error: str, monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(argv, monkeypatch)
    assert (status, err) == (1, "")
    assert json.loads(out) == {"valid": False, "error": error}


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "16.0", "--rounds", "5"],
        ["--players", "16", "--rounds", "five"],
        ["--players", "16", "--rounds", "5", "--seed", "1e3"],
        ["--players", "１６", "--rounds", "5"],
        ["--players", "16"],
        ["--rounds", "5"],
        [],
    ],
)
def test_a_value_that_is_not_a_whole_number_is_argparse_s_usage_error(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(argv, monkeypatch)
    assert (status, out) == (2, "")
    assert "usage: mahjong-bot tournament seats" in err

"""``mahjong-bot solitaire deal|verify``: the JSON of SPEC §5, and clear errors with status 1."""

import io
import json
from datetime import date

import pytest

from cli import main
from game.solitaire.deal import deal_for_date, deal_for_seed
from game.solitaire.layout import PYRAMID


def run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_deal_by_seed_prints_the_144_tiles_in_z_y_x_order(capsys, monkeypatch):
    status, document = run(capsys, monkeypatch, ["solitaire", "deal", "--seed", "42"])
    assert status == 0
    assert set(document) == {"seed", "tiles"}
    assert document["seed"] == 42
    tiles = document["tiles"]
    assert [tile["id"] for tile in tiles] == list(range(144))
    assert all(set(tile) == {"id", "x", "y", "z", "face"} for tile in tiles)
    assert [(t["z"], t["y"], t["x"]) for t in tiles] == sorted((t["z"], t["y"], t["x"]) for t in tiles)
    assert [(t["x"], t["y"], t["z"]) for t in tiles] == [(p.x, p.y, p.z) for p in PYRAMID.positions]
    assert [t["face"] for t in tiles] == [face.code for face in deal_for_seed(42).faces]


def test_solution_verifies_to_a_cleared_board(capsys, monkeypatch):
    _, document = run(capsys, monkeypatch, ["solitaire", "deal", "--seed", "42", "--solution"])
    assert len(document["solution"]) == 72
    stdin = json.dumps({"seed": 42, "moves": document["solution"], "seconds": 480})
    status, verdict = run(capsys, monkeypatch, ["solitaire", "verify"], stdin)
    assert status == 0
    assert verdict == {"valid": True, "pairs": 72, "cleared": True, "undos": 0, "seconds": 480, "score": 9520}


def test_daily_deal_uses_the_secret_from_the_environment(capsys, monkeypatch):
    monkeypatch.delenv("MAHJONG_DAILY_SECRET", raising=False)
    _, public = run(capsys, monkeypatch, ["solitaire", "deal", "--date", "2025-01-01"])
    monkeypatch.setenv("MAHJONG_DAILY_SECRET", "s3cret")
    _, secret = run(capsys, monkeypatch, ["solitaire", "deal", "--date", "2025-01-01", "--solution"])
    assert public["seed"] == deal_for_date(date(2025, 1, 1)).seed
    assert secret["seed"] != public["seed"]
    moves = [*secret["solution"][:3], "undo"]
    stdin = json.dumps({"date": "2025-01-01", "moves": moves, "seconds": 100})
    status, verdict = run(capsys, monkeypatch, ["solitaire", "verify"], stdin)
    assert (status, verdict["pairs"], verdict["undos"], verdict["score"]) == (0, 2, 1, 200 - 20 - 100)


@pytest.mark.parametrize(
    ("stdin", "move", "fragment"),
    [
        ("{not json", None, "not JSON"),
        ("[1, 2]", None, "JSON object"),
        ('{"seed": 42, "date": "2025-01-01", "moves": [], "seconds": 1}', None, "exactly one"),
        ('{"seed": 42, "moves": [], "seconds": -1}', None, "seconds"),
        ('{"seed": 42, "moves": {}, "seconds": 1}', None, "moves"),
        ('{"date": "2025-13-01", "moves": [], "seconds": 1}', None, "calendar"),
        ('{"seed": 42, "moves": [[0, 1000]], "seconds": 1}', 0, "no tile 1000"),
        ('{"seed": 42, "moves": ["undo"], "seconds": 1}', 0, "no pair to undo"),
        ('{"seed": 42, "moves": ["redo"], "seconds": 1}', 0, "undo"),
    ],
)
def test_verify_errors_are_json_with_status_1(capsys, monkeypatch, stdin, move, fragment):
    status, verdict = run(capsys, monkeypatch, ["solitaire", "verify"], stdin)
    assert status == 1
    assert verdict["valid"] is False and verdict["move"] == move
    assert fragment in verdict["error"]


def test_verify_names_the_first_refused_move(capsys, monkeypatch):
    deal = deal_for_seed(42)
    first, second = deal.solution[0], deal.solution[1]
    stdin = json.dumps({"seed": 42, "moves": [list(first), list(first), list(second)], "seconds": 5})
    status, verdict = run(capsys, monkeypatch, ["solitaire", "verify"], stdin)
    assert (status, verdict["move"]) == (1, 1)
    assert "already been removed" in verdict["error"]


@pytest.mark.parametrize("argv", [["--seed", "-1"], ["--seed", "x"], ["--date", "2025-1-1"], ["--date", "2025-02-30"]])
def test_bad_deal_arguments_are_refused(capsys, monkeypatch, argv):
    status, document = run(capsys, monkeypatch, ["solitaire", "deal", *argv])
    assert status == 1 and document["valid"] is False and document["error"]

"""Every ``mahjong-bot`` subcommand answers hostile input with its JSON error, never a traceback.

Each case runs ``cli.main`` in-process (stdin patched, stdout captured) and must either print JSON
and return 0 or 1 (1 with ``{"valid": false, "error": ...}`` as its last line), or stop with
argparse's usage error (exit status 2, nothing on stdout). Any other exception fails the case.
"""

from __future__ import annotations

import io
import json
import sys

import pytest

from cli import main

DEEP_LIST = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000
LONG_NUMBER = "9" * 5000
LONG_DIGITS = "1" * 4400  # just past Python's int-string limit (4300 digits)
UNICODE_DIGITS = ["²", "①", "١", "５", "٣", "߃", "᠑", "𝟓"]
HOSTILE_TEXT = ["", " ", "\x00", "\udcff", "💀", "\u202e5p", "-", "--", "null", "[]", "{}", "1" * 10_000]
HOSTILE_JSON = [
    DEEP_LIST,
    DEEP_OBJECT,
    LONG_NUMBER,
    "-" + LONG_NUMBER,
    "1e999",
    "NaN",
    "-Infinity",
    "",
    "   ",
    "nul",
    "[1, 2",
    '{"a": }',
    "\ufeff{}",
    '"string"',
    "true",
    "null",
    "[]",
    "0",
    '{"' + "k" * 100_000 + '": 1}',
]


def _tiles_cases() -> list[tuple[list[str], str]]:
    texts = [
        "11111m23456789p",
        "11111m",
        "1111m",
        "0j0j0j0j0j",
        "1f1f",
        "5f5f123m456p789s1z",
        "8z",
        "9f",
        "1j",
        "0m",
        "123m456p789s11z22z",
        "123m456p789s1122z",
        "x",
        "m",
        "1",
        "1 2 3",
        "123m" * 300,
        "0j123m456p789s11z",
        "1234567z1234567z",
        "111122223333444m",
        "111122223333444455m",
        "[123m]",
        "123m,456p",
        *[digit + "m" for digit in UNICODE_DIGITS],
        "12" + UNICODE_DIGITS[3] + "3m",
        *HOSTILE_TEXT,
    ]
    cases = [(["tiles", "--", text], "") for text in texts]
    cases += [(["tiles", "123m", "--lang", "xx"], ""), (["tiles"], ""), (["tiles", "--lang", "fr", "--", "²m"], "")]
    return cases


def _simulate_cases() -> list[tuple[list[str], str]]:
    base = ["simulate", "--seed", "1", "--rules", "classic"]
    hands = [
        "-1",
        "-" + LONG_NUMBER,
        LONG_NUMBER,
        LONG_DIGITS,
        "1000000000",
        "10000001",
        "1.5",
        "١",
        "５",
        "0x10",
        "1_0",
        " 2",
        "",
    ]
    cases = [(["simulate", "--hands", value, "--seed", "1"], "") for value in hands]
    seeds = ["-5", LONG_NUMBER, LONG_DIGITS, "9" * 4000, "١", "1e3", "", "nan"]
    cases += [(["simulate", "--hands", "1", "--seed", value], "") for value in seeds]
    rules = ["xx", "", "CLASSIC", "family", "hongkong", "classic ", "\x00"]
    cases += [(["simulate", "--hands", "1", "--seed", "2", "--rules", value], "") for value in rules]
    players = [
        "",
        ",",
        ",,,",
        "basic",
        "strong,strong,strong,strong,strong",
        "basic,,basic,basic",
        "god,basic",
        "basic," * 1000,
        "random,random,random",
        "💀,basic",
        "basic,basic\x00",
    ]
    cases += [([*base, "--hands", "1", "--players", value], "") for value in players]
    cases += [(["simulate"], ""), (["simulate", "--hands"], "")]
    cases += [(["simulate", "--hands", "1", "--seed", "1", "--x"], "")]
    return cases


def _score_cases() -> list[tuple[list[str], str]]:
    good = {
        "concealed": "123m456p789s99s11z",
        "melds": [],
        "winning_tile": "9s",
        "self_drawn": False,
        "seat_wind": "E",
        "round_wind": "S",
        "bonus": ["1f"],
    }
    broken: list[object] = [
        {**good, "concealed": 5},
        {**good, "concealed": "11111m456p789s99s"},
        {**good, "concealed": "²m"},
        {**good, "melds": "777z"},
        {**good, "melds": [{"tiles": 777}]},
        {**good, "melds": [{"tiles": "777z", "exposed": "false"}]},
        {**good, "melds": [[]]},
        {**good, "melds": [{"tiles": "7777z", "exposed": False}] * 5},
        {**good, "winning_tile": ["9s"]},
        {**good, "winning_tile": "9m"},
        {**good, "self_drawn": "false"},
        {**good, "self_drawn": 0},
        {**good, "seat_wind": 1},
        {**good, "seat_wind": "Q"},
        {**good, "round_wind": None},
        {**good, "bonus": "1m"},
        {**good, "bonus": [1]},
        {**good, "bonus": ["1f", "1f"]},
        {**good, "bonus": {"a": 1}},
        {**good, "heavenly": "yes"},
        {**good, "last_tile": 1},
        {key: value for key, value in good.items() if key != "concealed"},
        {**good, "concealed": "123m456p789s99s1z"},
        {**good, "concealed": "0j" * 14},
        [good],
        "hand",
        7,
        None,
        {**good, "concealed": "1" * 10_000 + "m"},
    ]
    cases = [(["score", "--rules", rules], json.dumps(doc)) for doc in broken for rules in ("classic", "hongkong")]
    cases += [(["score", "--rules", "classic"], text) for text in HOSTILE_JSON]
    cases += [
        (["score", "--rules", "hongkong"], text)
        for text in (DEEP_LIST, LONG_NUMBER, '{"concealed": ' + LONG_NUMBER + "}")
    ]
    lines = [
        "11111m 456p 789s 99s 11z",
        "[123m",
        "((1111m)",
        "[12m] 456p",
        "(123m) 456p",
        "123m [777z] 456p 99s 1",
        "²m",
        "",
        " ",
        "[]",
        "()",
        "123m456p789s99s11z" * 100,
        "\udcff",
        "123m456p789s99s1z",
    ]
    cases += [(["score", "--rules", "classic", "--", line], "") for line in lines]
    hand = "123m 456p 789s 99s 11z"
    flags = [
        ["--win", "xx"],
        ["--win", "1m1m"],
        ["--win", ""],
        ["--seat", "Q"],
        ["--seat", ""],
        ["--round", "5z"],
        ["--bonus", "1m"],
        ["--bonus", "1f1f"],
        ["--bonus", "²f"],
        ["--limit", "-5"],
        ["--limit", LONG_NUMBER],
        ["--limit", "0"],
        ["--house", "nonexistent"],
        ["--house", ",,,"],
        ["--lang", "de"],
    ]
    cases += [(["score", "--rules", "classic", hand, *flag], "") for flag in flags]
    hk_flags = [
        ["--min-fan", "-1"],
        ["--min-fan", "99"],
        ["--min-fan", LONG_NUMBER],
        ["--cap", "-1"],
        ["--cap", "0"],
        ["--small-four-winds-fan", "-3"],
        ["--min-fan", "١"],
        ["--cap", "9" * 30],
    ]
    cases += [(["score", "--rules", "hongkong", hand, *flag], "") for flag in hk_flags]
    cases += [(["score"], ""), (["score", "--rules", "riichi", hand], "")]
    return cases


def _render_cases(out: str) -> list[tuple[list[str], str]]:
    cases: list[tuple[list[str], str]] = []
    for kind in ("table", "hand", "pyramid", "result", "solitaire-result"):
        for seed in ("-1", "-" + LONG_NUMBER, LONG_NUMBER, LONG_DIGITS, "9" * 40, "١"):
            cases.append((["render", kind, "--seed", seed, "--out", out], ""))
    cases += [
        (["render", "table", "--seed", "1", "--out", "/nonexistent/folder/x.png"], ""),
        (["render", "table", "--seed", "1", "--out", ""], ""),
        (["render", "table", "--seed", "1", "--out", "/"], ""),
        (["render", "emojis", "--out", "/dev/null"], ""),
        (["render", "hand", "--seed", "1", "--seat", "9", "--out", out], ""),
        (["render", "hand", "--seed", "1", "--seat", "-1", "--out", out], ""),
        (["render", "table", "--seed", "1", "--rules", "family", "--out", out], ""),
        (["render", "dragon", "--out", out], ""),
        (["render", "table", "--out", out, "--lang", "xx"], ""),
    ]
    return cases


def _solitaire_cases() -> list[tuple[list[str], str]]:
    dates = [
        "2024-02-30",
        "2024-1-1",
        "",
        "0000-01-01",
        "9999-12-31",
        "10000-01-01",
        "٢٠٢٤-٠١-٠١",
        "２０２４-０１-０１",
        "2024-01-01T00:00",
        "2024-01-01\n",
        "x" * 10_000,
    ]
    cases = [(["solitaire", "deal", "--date", value], "") for value in dates]
    seeds = ["-1", "１", "١", LONG_NUMBER, str(2**53), str(2**53 - 1), "0x10", "1e3", "", " 7 "]
    cases += [(["solitaire", "deal", "--seed", value], "") for value in seeds]
    cases += [(["solitaire", "deal"], ""), (["solitaire", "deal", "--date", "2024-01-01", "--seed", "1"], "")]
    documents: list[object] = [
        {"seed": 1, "moves": "x", "seconds": 1},
        {"seed": 1, "moves": [[True, False]], "seconds": 1},
        {"seed": 1, "moves": [[0, 10**30]], "seconds": 1},
        {"seed": 1, "moves": [[-1, -2]], "seconds": 1},
        {"seed": 1, "moves": [[0, 0]], "seconds": 1},
        {"seed": 1, "moves": [[1.0, 2.0]], "seconds": 1},
        {"seed": 1, "moves": ["undo"], "seconds": 1},
        {"seed": 1, "moves": [], "seconds": -1},
        {"seed": 1, "moves": [], "seconds": True},
        {"seed": 1, "moves": [], "seconds": "5"},
        {"seed": 1, "moves": [], "seconds": 10**30},
        {"seed": 1, "moves": [], "seconds": 1.5},
        {"date": 5, "moves": [], "seconds": 1},
        {"date": "2024-01-01", "seed": 1, "moves": [], "seconds": 1},
        {"seed": "١", "moves": [], "seconds": 1},
        {"seed": "５", "moves": [], "seconds": 1},
        {"seed": True, "moves": [], "seconds": 1},
        {"seed": -1, "moves": [], "seconds": 1},
        {"seed": 2**60, "moves": [], "seconds": 1},
        {"moves": [], "seconds": 1},
        {"seed": 1, "seconds": 1},
        {"seed": 1, "moves": [[0, 1, 2]], "seconds": 1},
        {"seed": 1, "moves": [{"a": 1}], "seconds": 1},
        {"seed": 1, "moves": [["undo"]], "seconds": 1},
        {"seed": 1, "moves": [], "seconds": 1, "extra": [1]},
        [],
        "x",
        None,
        {"date": "2024-02-30", "moves": [], "seconds": 0},
    ]
    cases += [(["solitaire", "verify"], json.dumps(doc)) for doc in documents]
    cases += [(["solitaire", "verify"], text) for text in HOSTILE_JSON]
    cases += [(["solitaire", "verify"], '{"seed": 1, "moves": [[0, ' + LONG_NUMBER + ']], "seconds": 1}')]
    return cases


def _verify_wall_cases() -> list[tuple[list[str], str]]:
    seeds = ["-1", "١", "５", LONG_NUMBER, "9" * 21, "", " 5 ", "0x10"]
    cases = [(["verify-wall", "--rules", "classic", "--seed", value], "") for value in seeds]
    cases += [
        (["verify-wall", "--rules", "family", "--seed", "1", "--jokers"], ""),
        (["verify-wall", "--rules", "classic", "--seed", "1", "--players", "5"], ""),
        (["verify-wall", "--rules", "classic", "--seed", "1", "--commitment", "\udcff" * 3], ""),
        (["verify-wall", "--rules", "riichi", "--seed", "1"], ""),
    ]
    return cases


def _tournament_cases() -> list[tuple[list[str], str]]:
    numbers = ["-1", "0", "3", "201", "13", LONG_NUMBER, "-" + LONG_NUMBER, LONG_DIGITS, "9" * 40, "١", "５", "1.5"]
    numbers += ["0x10", "1_0", " 4 ", "", "nan"]
    cases = [(["tournament", "seats", "--players", value, "--rounds", "1"], "") for value in numbers]
    cases += [(["tournament", "seats", "--players", "4", "--rounds", value], "") for value in numbers]
    cases += [(["tournament", "seats", "--players", "4", "--rounds", "1", "--seed", value], "") for value in numbers]
    cases += [(["tournament"], ""), (["tournament", "seats"], ""), (["tournament", "stand"], "")]
    return cases


def corpus(out: str) -> list[tuple[list[str], str]]:
    return [
        *_tiles_cases(),
        *_simulate_cases(),
        *_score_cases(),
        *_render_cases(out),
        *_solitaire_cases(),
        *_verify_wall_cases(),
        *_tournament_cases(),
    ]


def run_cli(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """``main(argv)`` with ``stdin``; returns (status, stdout). argparse's usage error gives status 2."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse refuses a flag or a value: usage on stderr, status 2
        assert stop.code == 2, f"{argv[:4]}: exit {stop.code!r}"
        assert out.getvalue() == ""
        return 2, ""
    return status, out.getvalue()


def check_answer(argv: list[str], status: int, printed: str) -> None:
    if status == 2:
        return
    assert status in (0, 1), f"{argv[:4]}: status {status}"
    lines = printed.splitlines()
    assert lines, f"{argv[:4]}: printed nothing"
    documents = [json.loads(line) for line in lines]
    assert all(isinstance(document, dict) for document in documents)
    if status == 1:  # an error, or verify-wall's answer that a commitment does not match
        last = documents[-1]
        refused = last.get("valid") is False and isinstance(last.get("error"), str)
        assert refused or (argv[0] == "verify-wall" and last.get("matches") is False), argv[:4]
    printed.encode("utf-8")  # no lone surrogate reaches the terminal


OUT = "{out}"  # replaced by a file in the test's temporary folder
CORPUS = corpus(OUT)


def _case_id(case: tuple[list[str], str]) -> str:
    argv, stdin = case
    shown = " ".join(argv)[:50] + (f" <{stdin[:20]}" if stdin else "")
    return shown.encode("ascii", "backslashreplace").decode()


def test_the_corpus_is_large():
    assert len(CORPUS) >= 150


@pytest.mark.parametrize("case", CORPUS, ids=[_case_id(case) for case in CORPUS])
def test_hostile_input_gets_a_json_answer(case, tmp_path, monkeypatch):
    argv = [str(tmp_path / "x.png") if word == OUT else word for word in case[0]]
    status, printed = run_cli(argv, case[1], monkeypatch)
    check_answer(argv, status, printed)


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["tiles", "11111m23456789p"], "1m"),
        (["tiles", "²m"], "'²'"),
        (["simulate", "--hands", "1000000000", "--seed", "1"], "--hands"),
    ],
)
def test_the_error_names_the_fault(argv, error, monkeypatch):
    status, printed = run_cli(argv, "", monkeypatch)
    assert status == 1
    answer = json.loads(printed)
    assert answer["valid"] is False and error in answer["error"]


@pytest.mark.parametrize("stdin", [DEEP_LIST, LONG_NUMBER, '{"seed": 1, "moves": [[0, ' + LONG_NUMBER + "]]}"])
def test_unreadable_json_is_refused_in_json(stdin, monkeypatch):
    for argv in (["solitaire", "verify"], ["score", "--rules", "classic"]):
        status, printed = run_cli(argv, stdin, monkeypatch)
        assert status == 1 and json.loads(printed)["valid"] is False

"""``mahjong-bot score``: the JSON contract of SPEC §5 and the one-line form."""

import io
import json
import shlex

import pytest

from cli import main

SPEC_SHAPED = {
    "concealed": "234m456p99s",
    "melds": [{"tiles": "777z", "exposed": True}, {"tiles": "2222s", "exposed": False}],
    "winning_tile": "9s",
    "self_drawn": False,
    "seat_wind": "E",
    "round_wind": "S",
    "bonus": ["1f", "6f"],
}


def run(monkeypatch, capsys, argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin if isinstance(stdin, str) else json.dumps(stdin)))
    status = main(["score", *argv])
    return status, json.loads(capsys.readouterr().out)


def test_classic_json(monkeypatch, capsys):
    status, out = run(monkeypatch, capsys, ["--rules", "classic"], SPEC_SHAPED)
    assert status == 0
    assert set(out) == {"valid", "points", "doubles", "score", "breakdown"}
    # Red dragon pung exposed 4, concealed kong of 2s 16, two bonus tiles 8, mahjong 20; one double.
    assert (out["valid"], out["points"], out["doubles"], out["score"]) == (True, 48, 1, 96)
    assert sum(line["points"] for line in out["breakdown"]) == 48
    assert sum(line["doubles"] for line in out["breakdown"]) == 1


def test_hongkong_json(monkeypatch, capsys):
    status, out = run(monkeypatch, capsys, ["--rules", "hongkong"], SPEC_SHAPED)
    assert status == 0
    assert set(out) == {"valid", "fan", "patterns", "meets_minimum", "base_points"}
    # Red dragon pung 1 and East's own flower 1 (bonus): 2 fan, below the minimum of 3.
    assert (out["fan"], out["meets_minimum"], out["base_points"]) == (2, False, 4)
    assert {p["key"]: p["fan"] for p in out["patterns"]} == {"dragon_pung": 1, "seat_flower": 1}


def test_the_spec_example_is_refused_with_the_tile_and_count(monkeypatch, capsys):
    # SPEC §5's sample holds 123m and a concealed kong of 1m: five 1m.
    sample = {
        **SPEC_SHAPED,
        "concealed": "123m456p99s",
        "melds": [{"tiles": "777z", "exposed": True}, {"tiles": "1111m", "exposed": False}],
    }
    status, out = run(monkeypatch, capsys, ["--rules", "classic"], sample)
    assert status == 1 and out["valid"] is False and "1m appears 5 times" in out["error"]


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("not json", "not JSON"),
        ("[]", "one JSON object"),
        ({"melds": []}, "'concealed'"),
        ({**SPEC_SHAPED, "concealed": "234m456p99x"}, "unexpected 'x'"),
        ({**SPEC_SHAPED, "winning_tile": "9s9s"}, "winning_tile is one tile"),
        ({**SPEC_SHAPED, "seat_wind": "Q"}, "seat_wind must be a wind"),
        ({**SPEC_SHAPED, "melds": [{"tiles": "777z", "exposed": False}]}, "only a kong is declared concealed"),
        ({**SPEC_SHAPED, "melds": [{"tiles": "779z"}]}, "there is no tile 9z"),
        ({**SPEC_SHAPED, "self_drawn": "yes"}, "'self_drawn' has the wrong type"),
        ({**SPEC_SHAPED, "concealed": "234m456p98s", "winning_tile": "8s"}, "not a winning hand"),
    ],
)
def test_bad_input_gives_valid_false_and_status_1(monkeypatch, capsys, stdin, message):
    for rules in ("classic", "hongkong"):
        status, out = run(monkeypatch, capsys, ["--rules", rules], stdin)
        assert status == 1 and out["valid"] is False and message in out["error"]


def test_compact_form(monkeypatch, capsys):
    status, out = run(
        monkeypatch,
        capsys,
        [
            "123m 456m 789m 234p 55p",
            "--win",
            "5p",
            "--self-drawn",
            "--seat",
            "E",
            "--round",
            "S",
            "--rules",
            "hongkong",
        ],
    )
    assert status == 0 and out["fan"] == 4 and out["meets_minimum"]  # self-drawn, concealed, all chows, no flowers
    status, out = run(
        monkeypatch,
        capsys,
        [
            "234m [777z] (2222s) 456p 99s",
            "--win",
            "9s",
            "--seat",
            "E",
            "--round",
            "S",
            "--bonus",
            "1f6f",
            "--rules",
            "classic",
        ],
    )
    assert status == 0 and out["score"] == 96


def test_compact_form_errors(monkeypatch, capsys):
    status, out = run(monkeypatch, capsys, ["123m [777z (1111m) 55p", "--rules", "classic"])
    assert status == 1 and "unbalanced brackets" in out["error"]


def test_french_labels_and_errors(monkeypatch, capsys):
    _, out = run(monkeypatch, capsys, ["--rules", "classic", "--lang", "fr"], SPEC_SHAPED)
    assert "Pung exposé de Dragon rouge" in [line["label"] for line in out["breakdown"]]
    _, out = run(
        monkeypatch,
        capsys,
        ["--rules", "classic", "--lang", "fr"],
        {**SPEC_SHAPED, "concealed": "234m456p98s", "winning_tile": "8s"},
    )
    assert "n'est pas une main gagnante" in out["error"]


# The breakdown lines as the labels said them before the engine spoke in phrases: scripts read them.
SPEC_SHAPED_LABELS = {
    "en": [
        "Concealed chow from 2 Characters",
        "Concealed chow from 4 Circles",
        "Concealed kong of 2 Bamboo",
        "Exposed pung of Red Dragon",
        "Set of Red Dragon",
        "Flower: Plum",
        "Season: Summer",
        "Mahjong",
    ],
    "fr": [
        "Chow caché à partir de 2 Caractères",
        "Chow caché à partir de 4 Cercles",
        "Kong caché de 2 Bambous",
        "Pung exposé de Dragon rouge",
        "Brelan ou carré de Dragon rouge",
        "Fleur : Prunier",
        "Saison : Été",
        "Mah-Jong",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_labels_are_unchanged_in_english_and_french(monkeypatch, capsys, lang):
    _, out = run(monkeypatch, capsys, ["--rules", "classic", "--lang", lang], SPEC_SHAPED)
    assert [line["label"] for line in out["breakdown"]] == SPEC_SHAPED_LABELS[lang]
    _, out = run(monkeypatch, capsys, ["--rules", "hongkong", "--lang", lang], SPEC_SHAPED)
    assert [line["label"] for line in out["patterns"]] == {
        "en": ["Pung of Red Dragon", "Own bonus tile: Plum"],
        "fr": ["Pung de Dragon rouge", "Sa tuile bonus : Prunier"],
    }[lang]


def test_traditional_chinese_labels_and_errors(monkeypatch, capsys):
    status, out = run(monkeypatch, capsys, ["--rules", "hongkong", "--lang", "zh_TW"], SPEC_SHAPED)
    assert status == 0 and {line["key"]: line["label"] for line in out["patterns"]} == {
        "dragon_pung": "碰 紅中",
        "seat_flower": "正花：梅",
    }
    status, out = run(monkeypatch, capsys, ["--rules", "classic", "--lang", "zh_TW"], SPEC_SHAPED)
    assert status == 0 and "明碰 紅中" in [line["label"] for line in out["breakdown"]]
    status, out = run(
        monkeypatch,
        capsys,
        ["--rules", "hongkong", "--lang", "zh_TW"],
        {**SPEC_SHAPED, "concealed": "234m456p98s", "winning_tile": "8s"},
    )
    assert status == 1 and "不能食糊" in out["error"]
    status, out = run(monkeypatch, capsys, ["123m [777z (1111m) 55p", "--rules", "classic", "--lang", "zh_TW"])
    assert status == 1 and "括號不配對" in out["error"]


def test_options(monkeypatch, capsys):
    _, out = run(monkeypatch, capsys, ["--rules", "classic", "--limit", "50"], SPEC_SHAPED)
    assert out["score"] == 50
    _, out = run(
        monkeypatch,
        capsys,
        ["19m19p19s1234567z1m", "--rules", "classic", "--limit", "500", "--house", "thirteen_orphans"],
    )
    assert out["score"] == 500 and out["breakdown"][0]["limit"] is True
    status, out = run(monkeypatch, capsys, ["--rules", "classic", "--house", "nope"], SPEC_SHAPED)
    assert status == 1 and "unknown house rule" in out["error"]
    _, out = run(monkeypatch, capsys, ["--rules", "hongkong", "--min-fan", "1", "--full-spicy"], SPEC_SHAPED)
    assert out["meets_minimum"] and out["base_points"] == 4


def test_help_documents_the_one_line_form(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = capsys.readouterr().out
    assert "[777z]" in text and "(1111m)" in text


def _help_examples(text: str) -> tuple[list[list[str]], list[object]]:
    """The examples ``score --help`` shows, indented on lines of their own: commands, and JSON hands for stdin."""
    commands, documents = [], []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("  mahjong-bot score "):
            commands.append(shlex.split(line)[2:])
        elif line.startswith("  {"):  # a document may run over several lines: read one, up to its end
            documents.append(json.JSONDecoder().raw_decode("\n".join(lines[number:]).lstrip())[0])
    return commands, documents


def test_every_example_in_the_help_is_accepted(monkeypatch, capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    commands, documents = _help_examples(capsys.readouterr().out)
    assert commands and documents  # found: a parser that finds none would check nothing
    for argv in commands:
        status, out = run(monkeypatch, capsys, argv)
        assert status == 0 and out["valid"] is True, (argv, out)
    for document in documents:
        for rules in ("classic", "hongkong"):
            status, out = run(monkeypatch, capsys, ["--rules", rules], document)
            assert status == 0 and out["valid"] is True, (rules, document, out)

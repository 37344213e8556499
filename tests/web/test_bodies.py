"""What the page's API reads of a request (``web.bodies``): msgspec's structures and its refusals answered
as the page always answered them, naming the field; the bodies msgspec's decoder refuses but Python's
``json`` reads (a lone surrogate, NaN, a byte-order mark, UTF-16) answered as that reading gives."""

from __future__ import annotations

import json

import pytest
from aiohttp.test_utils import make_mocked_request

from web.bodies import GameQuery, MoveBody, NameBody, NewGame, NoQuery, TokenBody, decoded, query_of
from web.errors import ApiError

MOVE = {"mode": "free", "game": "abcdefgh", "step": 3, "move": "pause"}


def refusal(raw: bytes, shape: type[MoveBody] | type[NameBody] | type[NewGame] | type[TokenBody]) -> tuple[str, str]:
    with pytest.raises(ApiError) as refused:
        decoded(raw, shape).check()
    return refused.value.error, refused.value.said.params.get("field", "")


def test_a_move_is_read_as_its_typed_structure() -> None:
    body = decoded(json.dumps({**MOVE, "move": "pair", "tiles": [4, 9]}).encode(), MoveBody)
    assert (body.mode, body.game, body.step, body.move, body.tiles) == ("free", "abcdefgh", 3, "pair", (4, 9))
    assert decoded(b'{"name": null}', NameBody).name is None


@pytest.mark.parametrize(
    ("changed", "answer"),
    [
        ({"step": "3"}, ("bad_field", "step")),
        ({"step": 1.0}, ("bad_field", "step")),
        ({"step": 1 << 31}, ("bad_field", "step")),
        ({"step": -1}, ("bad_field", "step")),
        ({"game": ""}, ("bad_field", "game")),
        ({"game": "x" * 41}, ("bad_field", "game")),
        ({"mode": None}, ("bad_field", "mode")),
        ({"move": "pair", "tiles": [1, [2]]}, ("bad_field", "tiles")),
        ({"move": "pair", "tiles": None}, ("bad_field", "tiles")),
        ({"move": "pair"}, ("missing_field", "tiles")),
        ({"tiles": [1, 2]}, ("unknown_field", "tiles")),
        ({"score`s - at `$.step": 1}, ("unknown_field", "score`s - at `$.step")),
    ],
)
def test_each_fault_names_its_field(changed: dict[str, object], answer: tuple[str, str]) -> None:
    assert refusal(json.dumps({**MOVE, **changed}).encode(), MoveBody) == answer


def test_what_is_no_json_object_is_bad_json_even_after_a_bad_field() -> None:
    for raw in (b"", b"[1, 2]", b'"move"', b"\xff\xfe", b'{"mode": "weekly", oops', b"[" * 3000 + b"]" * 3000):
        assert refusal(raw, MoveBody)[0] == "bad_json", raw
    assert refusal(b'{"mode":' + b"[" * 3000 + b"]" * 3000 + b"}", MoveBody)[0] == "bad_json"


def test_the_json_python_reads_is_answered_as_it_was() -> None:
    same = json.dumps(MOVE)
    assert decoded(b"\xef\xbb\xbf" + same.encode(), MoveBody).step == 3  # a byte-order mark
    assert decoded(same.encode("utf-16"), MoveBody).step == 3
    assert refusal(same.replace("3", "NaN").encode(), MoveBody) == ("bad_field", "step")
    # the last of two values of a field is the one read, as Python's json reads it
    assert decoded(b'{"mode": "weekly", ' + same[1:].encode(), MoveBody).mode == "free"
    assert refusal(same[:-1].encode() + b', "mode": "weekly"}', MoveBody) == ("bad_field", "mode")


def test_a_lone_surrogate_is_read_as_text_that_names_no_field_and_no_choice() -> None:
    assert refusal(b'{"\\ud800x": 1}', NameBody) == ("unknown_field", "x")  # the answer can be written
    assert refusal(json.dumps({**MOVE, "mode": "\ud800"}).encode(), MoveBody) == ("bad_field", "mode")
    assert refusal(json.dumps({"code": "abc\ud800"}).encode(), TokenBody) == ("bad_field", "code")
    assert decoded(json.dumps({**MOVE, "game": "\ud800" * 40}).encode(), MoveBody).game == "\ufffd" * 40


@pytest.mark.parametrize(
    ("target", "answer"),
    [
        ("/api/game?mode=free&seed=03", (None, GameQuery("free", 3))),
        ("/api/game?lang=fr&seed=7&mode=free", (None, GameQuery("free", 7))),
        ("/api/game", (None, GameQuery())),
        ("/api/game?mode=free&seed=%2B3", (("bad_field", "seed"), None)),
        ("/api/game?mode=free&seed=3.0", (("bad_field", "seed"), None)),
        ("/api/game?mode=free&seed=-0", (("bad_field", "seed"), None)),
        ("/api/game?mode=free&seed=9007199254740992", (("bad_field", "seed"), None)),
        ("/api/game?mode=3", (("bad_field", "mode"), None)),
        ("/api/game?seed=3", (("unknown_field", "seed"), None)),
        ("/api/game?mode=free&mode=free", (("unknown_field", "mode"), None)),
        ("/api/game?page=%ED%A0%80", (("unknown_field", "page"), None)),
    ],
)
def test_a_query_is_read_as_its_typed_structure(target: str, answer: tuple[tuple[str, str] | None, object]) -> None:
    refused, read = answer
    if refused is None:
        assert query_of(make_mocked_request("GET", target), GameQuery) == read
        return
    with pytest.raises(ApiError) as error:
        query_of(make_mocked_request("GET", target), GameQuery)
    assert (error.value.error, error.value.said.params["field"]) == refused


def test_a_route_without_parameters_takes_only_the_language() -> None:
    assert query_of(make_mocked_request("GET", "/api/words?lang=zh"), NoQuery) == NoQuery()
    with pytest.raises(ApiError, match="unknown_field"):
        query_of(make_mocked_request("GET", "/api/words?x=1"), NoQuery)

"""What each route of the page's API reads from a request, as typed structures: its JSON body or its query.

The structures are msgspec's: each field's type and bounds are declared once (``Meta``), a field the
route does not take is refused (``forbid_unknown_fields``), nothing is coerced (``"3"`` is no number,
``true`` no 1), and the JSON decoder checks while it parses, in C, with its recursion bounded, stopping
at the first fault: a body nested a thousand deep is refused at its first bracket. msgspec rather than
pydantic: one C extension of some 700 KB with no dependencies, strict by default, whose decoder
reads and checks a move in about 0.6 µs (7.6 µs for ``json.loads`` and the hand-written checks it
replaced); pydantic would bring pydantic-core and its typing helpers, and a model layer (validators,
serializers, settings) the API does not need.

A refusal is 400 naming the field: ``bad_json`` for a body that is no JSON object, ``unknown_field``,
``missing_field``, ``bad_field`` (a value of the wrong type or out of range). msgspec's decoder reads
JSON as RFC 8259 writes it; Python's ``json`` also reads a lone surrogate (``"\\ud800"``), ``NaN``, a
byte-order mark or UTF-16, and the page has always answered those as Python reads them: so a body the
decoder refuses is read again by ``json`` and its fields checked by ``msgspec.convert``, and the
refusal is the one that reading gives (a body that is no JSON at all is always ``bad_json``, even
where the decoder met a bad field first). A body with several faults is refused for the first in
its order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from aiohttp import web
from msgspec import UNSET, Meta, UnsetType
from multidict import MultiDictProxy

from core.solitaire.moves import GameVerb
from data.solitaire_ledger import Kind
from game.solitaire.deal import SEED_LIMIT
from web import words
from web.errors import ApiError, Said, bad_json, bad_request
from words import Lang

Whole = Annotated[int, Meta(ge=0, lt=1 << 31)]
"""A tile id or a step as a request names it: the game says which exist, this bounds what is read."""
Seed = Annotated[int, Meta(ge=0, lt=SEED_LIMIT)]
Credential = Annotated[str, Meta(pattern=r"\A[A-Za-z0-9._~-]{1,200}\Z")]
"""An OAuth2 code or access token (RFC 6749's characters), never a header's line break."""
Verb = GameVerb | Literal["hint"]


class Body(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a route reads."""

    def check(self) -> None:
        """The rules between its fields, once each field is read (none unless the route has some)."""


class NewGame(Body, frozen=True):
    mode: Kind
    seed: Seed | UnsetType = UNSET

    def check(self) -> None:
        if self.mode == "daily" and self.seed is not UNSET:  # the day's deal is the day's
            raise bad_request("unknown_field", "seed")


class MoveBody(Body, frozen=True):
    """A move names its game and step only to be checked: the game is always the player's own."""

    mode: Kind
    game: Annotated[str, Meta(min_length=1, max_length=40)]
    step: Whole
    move: Verb
    tiles: tuple[Whole, Whole] | UnsetType = UNSET

    def check(self) -> None:
        if self.move == "pair" and self.tiles is UNSET:
            raise bad_request("missing_field", "tiles")
        if self.move != "pair" and self.tiles is not UNSET:
            raise bad_request("unknown_field", "tiles")


class NameBody(Body, frozen=True):
    name: Annotated[str, Meta(max_length=100)] | None  # null: the neutral name again


class TokenBody(Body, frozen=True):
    code: Credential


class SessionBody(Body, frozen=True):
    access_token: Credential
    instance_id: Annotated[str, Meta(min_length=1, max_length=100)]


class GameQuery(Body, frozen=True):
    mode: Kind = "daily"
    seed: Seed | UnsetType = UNSET

    def check(self) -> None:
        if self.mode == "daily" and self.seed is not UNSET:
            raise bad_request("unknown_field", "seed")


class BoardQuery(Body, frozen=True):
    board: Kind = "daily"


class NoQuery(Body, frozen=True):
    """A route that reads no parameter but every route's ``lang``."""


B = TypeVar("B", bound=Body)

_DECIMAL = re.compile(r"[0-9]{1,20}")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMED: tuple[tuple[str, Literal["unknown_field", "missing_field"]], ...] = (
    ("Object contains unknown field `", "unknown_field"),
    ("Object missing required field `", "missing_field"),
)
_AT_FIELD = " - at `$."


async def json_body(request: web.Request, shape: type[B]) -> B:
    """The request's JSON body read as ``shape`` and its rules checked, or ``ApiError`` (400)."""
    if request.content_type != "application/json":
        raise bad_json()
    body = decoded(await request.read(), shape)
    body.check()
    return body


async def form_body(
    request: web.Request, lang: Lang
) -> tuple[MultiDictProxy[str | bytes | bytearray | web.FileField], Lang]:
    """A page's form (no route takes more than 4 KB, ``web.guard.BODY_LIMIT``: ``ApiError`` 413 past it) and
    the language to answer in: the form's own ``lang`` when it names one (the page's), else ``lang``."""
    try:
        form = await request.post()
    except web.HTTPRequestEntityTooLarge:
        raise ApiError(413, "too_large", Said("web", "error.too_large")) from None
    shown_in = form.get("lang")
    return form, words.requested_lang(shown_in, None) if isinstance(shown_in, str) and shown_in else lang


def query_of(request: web.Request, shape: type[B]) -> B:
    """The query read as ``shape`` (``fields_of``)."""
    return fields_of(request.query.items(), shape)


def fields_of(pairs: Iterable[tuple[str, object]], shape: type[B]) -> B:
    """A query's or a form's fields read as ``shape``: ``lang`` is every route's, a field given twice is
    refused, as is one that is no text (a form's file), and a value in decimal digits is a number (no
    other text is)."""
    found: dict[str, str | int] = {}
    for name, value in pairs:
        if name == "lang":
            continue
        if name in found:
            raise bad_request("unknown_field", name)
        if not isinstance(value, str):
            raise bad_request("bad_field", name)
        found[name] = int(value) if _DECIMAL.fullmatch(value) else value
    query = converted(found, shape)
    query.check()
    return query


def decoded(raw: bytes, shape: type[B]) -> B:
    """``raw`` read as ``shape``; what the decoder refuses is read again as Python reads JSON."""
    try:
        return msgspec.json.decode(raw, type=shape)
    except msgspec.DecodeError:  # its ValidationError too: the rest of the body may be no JSON
        pass
    try:
        fields = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep
        raise bad_json() from None
    return converted(fields, shape)


def converted(fields: Any, shape: type[B]) -> B:
    """``fields`` as Python holds them, checked as ``shape``. msgspec reads only text UTF-8 can write: a
    lone surrogate in a name or a value is read as U+FFFD, which no field's name or choice holds either,
    and a refusal names the field as it was sent."""
    sent: dict[str, str] = {}
    if isinstance(fields, dict):
        sent = {_readable(name): name for name in fields}
        fields = {
            _readable(name): _readable(value) if isinstance(value, str) else value for name, value in fields.items()
        }
    try:
        return msgspec.convert(fields, shape)
    except msgspec.ValidationError as error:
        raise _refusal(str(error), sent) from None


def _refusal(message: str, sent: Mapping[str, str]) -> ApiError:
    """The answer to msgspec's refusal ``message``: it names an unknown or a missing field in backquotes,
    or a bad value's place in the body (``$.tiles[1]``: the field ``tiles``); a fault of the body itself
    (an array, a string) is ``bad_json``. ``sent``: the names as they were sent, by their read names."""
    for prefix, error in _NAMED:
        if message.startswith(prefix) and message.endswith("`"):
            name = message[len(prefix) : -1]
            return bad_request(error, sent.get(name, name))
    _, at, place = message.rpartition(_AT_FIELD)
    if at:
        return bad_request("bad_field", re.split(r"[.\[`]", place, maxsplit=1)[0])
    return bad_json()


def _readable(text: str) -> str:
    return _SURROGATE.sub("\ufffd", text)

"""How the page's API refuses a request: an error key, a message in the request's language, a status.

Errors are ``{"error": key, "message": text}`` and what else the answer carries (the current game).
Keys: ``bad_json``, ``missing_field``, ``unknown_field``, ``bad_field`` (400); ``foreign_origin``,
``bad_session``, ``activity_denied`` (403); ``not_found``, ``no_game`` (404); ``method_not_allowed``
(405); ``stale``, ``other_game`` (409, with ``game``); ``too_large`` (413); ``refused`` (422, with
``game`` when the player has one); ``too_many_requests`` (429); ``internal`` (500);
``store_unavailable``, ``busy``, ``discord_down`` (503).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from core.refusal import Refusal
from web import words
from words import messages

_JSON = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
_SHOWN_FIELD = 40


@dataclass(frozen=True, slots=True)
class Said:
    """A message to be said in the request's language: a ``web`` catalog key, or a ``messages`` one
    (the solitaire's refusals, worded once for every surface)."""

    catalog: Literal["web", "messages"]
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        if self.catalog == "web":
            return words.say(self.key, lang, **self.params)
        return messages.say(self.key, lang, **self.params)


class ApiError(Exception):
    """A refused request: its status, its error key, what the player is told, and what else the answer
    carries (the current game)."""

    def __init__(self, status: int, error: str, said: Said, extra: Mapping[str, Any] | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.said = said
        self.extra = dict(extra or {})

    def with_game(self, game: Mapping[str, Any]) -> ApiError:
        return ApiError(self.status, self.error, self.said, {**self.extra, "game": game})

    def response(self, lang: str) -> web.Response:
        body = {"error": self.error, "message": self.said.text(lang), **self.extra}
        return json_answer(body, self.status)


def bad_request(error: Literal["missing_field", "unknown_field", "bad_field"], field_name: str) -> ApiError:
    return ApiError(400, error, Said("web", f"error.{error}", {"field": shown_field(field_name)}))


def bad_json() -> ApiError:
    return ApiError(400, "bad_json", Said("web", "error.bad_json"))


def too_many() -> ApiError:
    return ApiError(429, "too_many_requests", Said("web", "error.too_many"))


def shown_field(name: str) -> str:
    """A field's name as a refusal repeats it: the sender's text, so only its first 40 printable
    characters, and none that cannot be written as UTF-8 (a lone surrogate from ``\\ud800``)."""
    return "".join(char for char in name[:_SHOWN_FIELD] if char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF)


_ANSWERED: Mapping[str, tuple[int, str, Said]] = {
    "sol_stale": (409, "stale", Said("web", "error.stale")),
    "sol_other_game": (409, "other_game", Said("web", "error.other_game")),
    "sol_no_game": (404, "no_game", Said("web", "error.no_game")),
    "sol_free_open": (422, "refused", Said("web", "error.free_open")),  # Discord's wording names a command
    "sol_busy": (503, "busy", Said("messages", "sol_busy")),
}
"""The refusals of the game and the service that the page answers otherwise than as a refused move
(422, in the refusal's own words, the same as on Discord): each with its status, key and words."""


def refusal_error(refusal: Refusal) -> ApiError:
    """How a refusal of the game or the service is answered on the web."""
    status, error, said = _ANSWERED.get(refusal.key, (422, "refused", Said("messages", refusal.key)))
    return ApiError(status, error, Said(said.catalog, said.key, refusal.params))


def json_answer(body: Mapping[str, Any], status: int = 200) -> web.Response:
    return web.json_response(body, status=status, dumps=_JSON, headers={"Cache-Control": "no-store"})

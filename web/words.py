"""The page's words: the keys of the ``web`` catalog it shows, the tile names for its buttons, and which
language a request reads.

``PAGE_WORDS`` lists the ``web`` catalog keys the page itself displays (``GET /api/words`` serves them);
the API's own messages (``error.*``) are said by the server in its answers and need not be listed.
"""

from __future__ import annotations

from typing import Any

from game.tiles import BONUS_TILES, PLAYING_TILES, Tile
from words import DEFAULT_LANG, Lang, lang_of, text
from words.tiles import tile_name

DOMAIN = "web"
PAGE_WORDS: tuple[str, ...] = (
    "page.title",
    "page.board",
    "mode.daily",
    "mode.free",
    "mode.table",
    "figure.score",
    "figure.clock",
    "figure.pairs",
    "figure.seed",
    "action.undo",
    "action.pause",
    "action.resume",
    "action.finish",
    "action.finish_confirm",
    "action.hint",
    "action.new_daily",
    "action.new_free",
    "state.loading",
    "state.paused",
    "state.cleared",
    "state.stuck",
    "state.finished",
    "tile.covered",
    "placed.daily",
    "placed.free",
    "placed.none",
    "ordinal.one",
    "ordinal.two",
    "ordinal.few",
    "ordinal.other",
    "leaderboard.daily",
    "leaderboard.free",
    "leaderboard.empty",
    "leaderboard.you",
    "name.label",
    "name.save",
    "name.saved",
    "error.network",
    "number.thousands",
    "activity.player",
    "activity.failed",
    # the table page (SPEC §7)
    "table.title",
    "table.board",
    "table.loading",
    "table.behind",
    "table.tournament",
    "table.reconnecting",
    "table.closed",
    "table.rules.classic",
    "table.rules.hongkong",
    "table.rules.family",
    "table.wind.E",
    "table.wind.S",
    "table.wind.W",
    "table.wind.N",
    "table.figure.round",
    "table.figure.hand",
    "table.figure.wall",
    "table.figure.deadline",
    "table.figure.minimum_fan",
    "table.lobby",
    "table.spectator",
    "table.turn",
    "table.your_turn",
    "table.your_claim",
    "table.waiting",
    "table.hand_over",
    "table.match_over",
    "table.kind.computer",
    "table.kind.empty",
    "table.badge.calling",
    "table.badge.host",
    "table.badge.you",
    "table.seat.concealed",
    "table.seat.discards",
    "table.seat.melds",
    "table.seat.bonus",
    "table.seat.hand",
    "table.hand",
    "table.moves",
    "table.action.discard",
    "table.action.chow",
    "table.action.pung",
    "table.action.kong",
    "table.action.mahjong",
    "table.action.pass",
    "table.action.hint",
    "table.action.join",
    "table.action.leave",
    "table.action.add_computer",
    "table.action.start",
    "table.action.next_hand",
    "table.action.call",
    "table.action.back",
    "table.action.cancel",
    "table.action.first",
    "table.standing",
    "table.standing.auto_win",
    "table.standing.no_calls",
    "table.standing.auto_discard",
    "table.result.title",
    "table.result.wins",
    "table.result.self_drawn",
    "table.result.on_discard",
    "table.result.drawn",
    "table.result.winning_tile",
    "table.result.score",
    "table.result.fan",
    "table.result.patterns",
    "table.result.payments",
    "table.result.seed",
    "table.match.standings",
    "table.match.rating",
    "table.pick_first",
    "table.result.dealt_in",
    "table.lobby_ready",
    "table.new_match",
    "table.figure.deal",
    "table.level.basic",
    "table.level.strong",
    "table.level.expert",
    "table.meld.concealed_kong",
    "table.badge.dealer",
    "table.badge.away_for",
    "table.badge.ready",
    "table.last_discard",
    "table.log",
    "table.log.discard",
    "table.log.chow",
    "table.log.pung",
    "table.log.kong",
    "table.log.concealed_kong",
    "table.log.bonus",
    "table.log.mahjong",
    "table.log.draw",
    "table.result.fan_value",
    "table.result.points_value",
    "table.result.winning_hand",
    "table.result.waiting_others",
    "table.result.see_table",
    "table.result.next_in",
    "table.result.show",
    "table.sheet",
    "table.sheet.replay",
    "table.sheet.drawn",
    "table.sheet.self_drawn",
    "table.sheet.winner",
    "table.claim_yours",
    "table.title_awaited",
    "table.invite",
    "table.invite.copied",
    "table.invite.shared",
    "table.invite.note",
    "table.name.ask",
    "table.name.label",
    "table.name.current",
    "table.settings",
    "table.setting.sound",
    "table.setting.vibrate",
    "table.setting.one_tap",
    "table.action.cancel_confirm",
    "table.waits",
    "table.waits.left",
    "table.bank",
    "table.turn_you",
    "table.discarded",
    # a finished hand's replay (SPEC §7.2)
    "replay.title",
    "replay.board",
    "replay.step",
    "replay.first",
    "replay.back",
    "replay.forward",
    "replay.last",
    "replay.seen_from",
    "replay.loading",
    "replay.failed",
)
"""The ``web`` catalog's keys the page displays, in no particular order."""


def say(key: str, lang: Lang, **params: Any) -> str:
    """The ``web`` catalog's message ``key`` in ``lang``."""
    return text(DOMAIN, key, lang, **params)


def page_words(lang: Lang) -> dict[str, str]:
    return {key: say(key, lang) for key in PAGE_WORDS}


def tile_names(lang: Lang) -> dict[str, str]:
    """Every face a deal holds, by code, with its name (the tiles' ``aria-label``); the joker too (a table's
    option)."""
    return {tile.code: tile_name(tile, lang) for tile in (*PLAYING_TILES, *BONUS_TILES, Tile.JOKER)}


def requested_lang(asked: str | None, accept_language: str | None) -> Lang:
    """The page's language: the ``lang`` asked for when there is a catalog for it, else the browser's
    first language (by ``Accept-Language`` weight) that has one, else English."""
    if asked:
        return lang_of(asked)
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")[:20]):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and weight > 0:
            weighted.append((-weight, index, tag))
    for _, _, tag in sorted(weighted):
        lang = lang_of(tag)
        if lang != DEFAULT_LANG or tag.lower().split("-")[0] == DEFAULT_LANG:
            return lang
    return DEFAULT_LANG

"""What the solitaire's messages say and show, as plain data: text, the pyramid with its alt text,
selects and buttons. Nothing here knows Discord (``bot.solitaire.discord_views`` does); images are
drawn here, so call these functions off the event loop.

Tiles are chosen with a select of the legal pairs, not a select of free tiles (pick, then match):
see docs/bot.md, "Solitaire on Discord", for the measurements behind it. Each option is one pair, ``C4 + F2``
with its face's emoji and name, grouped by face so that the four tiles of one kind sit together. A
select holds 25 options: the pairs fill up to ``SELECTS_PER_PAGE`` selects (one row each), and the rare
board with more pairs than that gets a button that turns to the next page of pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.message_specs import ButtonSpec, Message, OptionSpec, Picture, SelectSpec
from bot.reports import plain
from bot.solitaire.custom_ids import BoardPage, Control, Play, Share, Verb, pair_value
from core.solitaire.play import label
from core.solitaire.state import SolitaireState
from data.solitaire_ledger import Board, DailyGame, SolitaireStats, Standing
from game.solitaire.board import Board as TileBoard
from game.solitaire.board import match_group
from game.solitaire.game import Ending
from game.solitaire.solver import SolverResult, Verdict
from render.pyramid import render_pyramid
from words import Lang, text
from words.messages import count, say
from words.tiles import tile_label, tile_name

OPTIONS_PER_SELECT = 25
SELECTS_PER_PAGE = 4  # four rows of selects and one of buttons: Discord's five rows
BOARD_PAGE_SIZE = 10
TOTAL_PAIRS = 72
SHARE_SQUARES = 10  # the share's progress bar: one square for each tenth of the pairs


def clock_text(seconds: int) -> str:
    minutes, rest = divmod(max(0, seconds), 60)
    return f"{minutes}:{rest:02d}"


def number(value: int, lang: Lang) -> str:
    """``9 520`` with a thin space between thousands in English and French, ``9,520`` in Hong Kong."""
    return f"{value:,}".replace(",", text("names", "number.thousands", lang))


def points(score: int, lang: Lang) -> str:
    """A score with its noun: ``9 856 points``, ``0 point`` in French, ``9 856 分``."""
    return count("points", score, lang, shown=number(score, lang))


def _control(state: SolitaireState, verb: Verb, n: int | None = None) -> str:
    return Control(state.kind, state.id, state.step, verb, n).text()


def title(state: SolitaireState, lang: Lang) -> str:
    if state.day is not None:
        return say("sol_title_daily", lang, day=state.day.isoformat())
    return say("sol_title_free", lang, seed=state.game.seed)


def pair_pages(board: TileBoard, lang: Lang) -> list[list[OptionSpec]]:
    """The legal pairs as select options, grouped by face then by label, cut into pages of
    ``SELECTS_PER_PAGE × OPTIONS_PER_SELECT``."""
    pairs = sorted(
        board.matching_free_pairs(),
        key=lambda pair: (match_group(board.face(pair[0])), label(board, pair[0]), label(board, pair[1])),
    )
    options = []
    for a, b in pairs:
        face_a, face_b = board.face(a), board.face(b)
        names = tile_name(face_a, lang)
        if face_a != face_b:
            names += f" + {tile_name(face_b, lang)}"
        options.append(OptionSpec(f"{label(board, a)} + {label(board, b)}", pair_value(a, b), names, face_a))
    size = SELECTS_PER_PAGE * OPTIONS_PER_SELECT
    return [options[start : start + size] for start in range(0, len(options), size)]


def game_message(
    state: SolitaireState,
    now: float,
    lang: Lang,
    *,
    page: int = 0,
    note: str | None = None,
    hint: SolverResult | None = None,
    lost: bool = False,
) -> Message:
    """The member's private view of their game: playing, paused (the board hidden) or over."""
    game = state.game
    if game.over:
        return over_message(state, lang)
    at = max(now, game.clock.last_activity)
    seconds = game.seconds(at)
    status = say(
        "sol_status",
        lang,
        pairs=game.pairs,
        total=TOTAL_PAIRS,
        undos=count("undos", game.undos, lang),
        time=clock_text(seconds),
        score=number(game.score(at), lang),
    )
    lines = [f"**{title(state, lang)}**", status]
    if note:
        lines.append(note)
    if game.is_paused(at):
        lines.append(say("sol_paused_view", lang))
        resume = ButtonSpec(_control(state, "resume"), say("sol_btn_resume", lang), "success")
        return Message("\n".join(lines), buttons=(resume, _finish_button(state, lang)))
    pages = pair_pages(game.board, lang)
    page = min(max(page, 0), max(len(pages) - 1, 0))
    shown = pages[page] if pages else []
    selects = []
    for index in range(0, len(shown), OPTIONS_PER_SELECT):
        chunk = tuple(shown[index : index + OPTIONS_PER_SELECT])
        first = page * SELECTS_PER_PAGE * OPTIONS_PER_SELECT + index
        selects.append(
            SelectSpec(
                _control(state, "pair", page * SELECTS_PER_PAGE + index // OPTIONS_PER_SELECT),
                say(
                    "sol_pick",
                    lang,
                    first=first + 1,
                    last=first + len(chunk),
                    count=sum(map(len, pages)),
                    faces=_faces(chunk, lang),
                ),
                chunk,
            )
        )
    lines.append(say("sol_how", lang, minutes=round(game.clock.idle_pause / 60)))
    if game.finish_pressed:
        lines.append(say("sol_finish_armed", lang, score=points(game.score(at), lang)))
    if hint is not None:
        lines.append(hint_text(game.board, hint, lang))
    elif lost:
        lines.append(say("sol_lost_cause", lang))
    selected = hint.hint[0] if hint is not None and hint.hint is not None else None
    rendered = render_pyramid(game.board, selected=selected, title=title(state, lang), lang=lang)
    buttons = [
        ButtonSpec(_control(state, "undo"), say("sol_btn_undo", lang), disabled=not game.removed),
        ButtonSpec(_control(state, "pause"), say("sol_btn_pause", lang)),
        _finish_button(state, lang),
    ]
    if state.kind == "free":
        buttons.append(ButtonSpec(_control(state, "hint"), say("sol_btn_hint", lang)))
    if len(pages) > 1:
        following = (page + 1) % len(pages)
        buttons.append(
            ButtonSpec(
                _control(state, "page", following), say("sol_btn_more", lang, page=following + 1, pages=len(pages))
            )
        )
    return Message(
        "\n".join(lines), (Picture("solitaire.png", rendered),), buttons=tuple(buttons), selects=tuple(selects)
    )


def _faces(options: Sequence[OptionSpec], lang: Lang) -> str:
    """The faces a select runs through, so that a member knows which of two selects holds a pair."""
    first, last = options[0].tile, options[-1].tile
    if first is None or last is None or first == last:
        return "" if first is None else tile_label(first, lang)
    return f"{tile_label(first, lang)} … {tile_label(last, lang)}"


def _finish_button(state: SolitaireState, lang: Lang) -> ButtonSpec:
    if state.game.finish_pressed:
        return ButtonSpec(_control(state, "finish"), say("sol_btn_finish_sure", lang), "danger")
    return ButtonSpec(_control(state, "finish"), say("sol_btn_finish", lang))


def hint_text(board: TileBoard, result: SolverResult, lang: Lang) -> str:
    if result.hint is not None:
        a, b = result.hint
        return say("sol_hint", lang, a=label(board, a), b=label(board, b), face=tile_name(board.face(a), lang))
    if result.verdict is Verdict.UNSOLVABLE:
        return say("sol_hint_none", lang)
    return say("sol_hint_unknown", lang)


def over_message(state: SolitaireState, lang: Lang) -> Message:
    game = state.game
    at = game.clock.last_activity
    ending = {Ending.CLEARED: "sol_end_cleared", Ending.STUCK: "sol_end_stuck", Ending.FINISHED: "sol_end_finished"}
    lines = [
        f"**{title(state, lang)}**",
        say(ending[game.ending or Ending.FINISHED], lang),
        say(
            "sol_result",
            lang,
            pairs=count("pairs", game.pairs, lang),
            undos=count("undos", game.undos, lang),
            time=clock_text(game.seconds(at)),
            score=points(game.score(at), lang),
        ),
    ]
    lines.append(say("sol_counted_daily" if state.kind == "daily" else "sol_counted_free", lang))
    pictures: tuple[Picture, ...] = ()
    if not game.board.cleared:
        rendered = render_pyramid(game.board, title=title(state, lang), lang=lang, labels={})
        pictures = (Picture("solitaire.png", rendered),)
    again = say("sol_btn_again_daily" if state.kind == "daily" else "sol_btn_again_free", lang)
    return Message("\n".join(lines), pictures, buttons=(ButtonSpec(_control(state, "again"), again, "primary"),))


# --- leaderboards, stats, the daily post ------------------------------------------------------


def board_name(board: Board, lang: Lang) -> str:
    if board.day is not None:
        return say("sol_lb_daily", lang, day=board.day.isoformat())
    return say("sol_lb_free", lang)


def standing_line(standing: Standing, lang: Lang) -> str:
    mark = " ✓" if standing.cleared else ""
    return say(
        "sol_lb_line",
        lang,
        rank=standing.rank,
        name=plain(standing.name),
        score=number(standing.score, lang),
        time=clock_text(standing.seconds),
        cleared=mark,
    )


def leaderboard_message(
    board: Board,
    page: int,
    pages: int,
    ranked: int,
    standings: Sequence[Standing],
    own: Standing | None,
    own_name: str,
    lang: Lang,
) -> Message:
    """One page of a board (public), with the caller's own line wherever its page is."""
    lines = [
        f"**{board_name(board, lang)}**",
        say("sol_lb_header", lang, count=count("ranked", ranked, lang), page=page, pages=pages),
    ]
    lines += [standing_line(standing, lang) for standing in standings] or [say("sol_lb_empty", lang)]
    if own is None:
        lines += ["", say("sol_lb_you_unranked", lang, name=plain(own_name))]
    else:
        lines += [
            "",
            say("sol_lb_you", lang, name=plain(own_name), rank=own.rank, count=ranked, score=number(own.score, lang)),
        ]
    buttons: tuple[ButtonSpec, ...] = ()
    if pages > 1:
        buttons = (
            ButtonSpec(
                BoardPage(board.kind, board.day, max(page - 1, 1)).text(), say("btn_previous", lang), disabled=page <= 1
            ),
            ButtonSpec(
                BoardPage(board.kind, board.day, min(page + 1, pages)).text(),
                say("btn_next_page", lang),
                disabled=page >= pages,
            ),
        )
    return Message("\n".join(lines)[:2000], buttons=buttons)


def stats_text(name: str, stats: SolitaireStats, lang: Lang) -> str:
    if not stats.games:
        return say("sol_stats_none", lang, name=plain(name))
    average = "—" if stats.average_clear_seconds is None else clock_text(round(stats.average_clear_seconds))
    best = {
        kind: "—" if value is None else number(value, lang)
        for kind, value in (("daily", stats.best_daily), ("free", stats.best_free))
    }
    return "\n".join(
        [
            say("sol_stats_title", lang, name=plain(name)),
            say(
                "sol_stats_games",
                lang,
                games=count("games", stats.games, lang),
                clears=count("clears", stats.clears, lang),
                average=average,
            ),
            say("sol_stats_best", lang, daily=best["daily"], free=best["free"]),
            say("sol_stats_streak", lang, streak=count("days_in_a_row", stats.streak, lang)),
        ]
    )


def share_text(game: DailyGame, lang: Lang) -> str:
    """What a member pastes, as people paste a daily puzzle: the day, a bar of squares (all green only
    for a cleared board), the pairs taken, cleared or not, the score and time. Made of ``game``'s figures
    alone, it gives nothing of the deal away: no tile, no face, no position."""
    filled = SHARE_SQUARES if game.cleared else game.pairs * SHARE_SQUARES // TOTAL_PAIRS
    ending = "sol_share_cleared" if game.cleared else "sol_share_not_cleared"
    return "\n".join(
        [
            say("sol_share_title", lang, day=game.day.isoformat()),
            f"{'🟩' * filled}{'⬜' * (SHARE_SQUARES - filled)} {game.pairs}/{TOTAL_PAIRS}",
            say(ending, lang, score=points(game.score, lang), time=clock_text(game.seconds)),
        ]
    )


def stats_message(name: str, stats: SolitaireStats, share: DailyGame | None, lang: Lang) -> Message:
    """``/solitaire stats``: the figures, then, for the member's own stats when they have played a daily,
    the share of their latest one in a block to copy, and a button that sends its text alone (a phone
    copies a whole message, not a part of one)."""
    if share is None:
        return Message(stats_text(name, stats, lang))
    block = [say("sol_share_intro", lang, day=share.day.isoformat()), f"```\n{share_text(share, lang)}\n```"]
    return Message(
        "\n\n".join([stats_text(name, stats, lang), "\n".join(block)]),
        buttons=(ButtonSpec(Share(share.day).text(), say("sol_btn_share", lang), "primary"),),
    )


def post_filename(day: date) -> str:
    """The name of the daily post's image: how a process that takes over a lost claim finds the post."""
    return f"solitaire-{day.isoformat()}.png"


def daily_post(
    day: date,
    board: TileBoard,
    podium: Sequence[Standing],
    yesterday: date,
    lang: Lang,
    *,
    players: int,
    streak: int,
) -> Message:
    """The day's public post: the new deal (small, unlabelled), a Play button, how many members played
    yesterday's deal and its podium, and the server's streak (``SolitaireLedger.clear_streak``: days in a
    row someone cleared the daily, up to yesterday, or today once someone has cleared it)."""
    lines = [say("sol_post_title", lang, day=day.isoformat()), say("sol_post_how", lang)]
    if players:
        lines.append(count("played_the_deal", players, lang, day=yesterday.isoformat()))
    else:
        lines.append(say("sol_post_no_players", lang, day=yesterday.isoformat()))
    if podium:
        lines.append(say("sol_post_podium", lang, day=yesterday.isoformat()))
        lines += [standing_line(standing, lang) for standing in podium]
    elif players:
        lines.append(say("sol_post_nobody", lang, day=yesterday.isoformat()))
    if streak:
        lines.append(say("sol_post_streak", lang, days=count("days_in_a_row", streak, lang)))
    else:
        lines.append(say("sol_post_streak_none", lang, day=yesterday.isoformat()))
    rendered = render_pyramid(board, small=True, title=say("sol_title_daily", lang, day=day.isoformat()), lang=lang)
    return Message(
        "\n".join(lines),
        (Picture(post_filename(day), rendered),),
        buttons=(ButtonSpec(Play().text(), say("sol_btn_play", lang), "success"),),
    )

"""What the table's messages say and show, as plain data: text, images with their alt text, buttons.

Nothing here knows Discord: ``bot.discord_messages`` turns a ``Message`` into a message with
components. Public messages (the lobby, the table, results) are built from the spectator's view
only; a player's hand message from that player's own view. Images are drawn here, so call these
functions off the event loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from bot.message_specs import ButtonSpec, Message, Picture, Style
from bot.tables.custom_ids import ButtonId, Verb
from core.refusal import Refusal
from core.tables.finished import FinishedHand
from core.tables.frame import complete_but_refused
from core.tables.moves import claim_options, hand_slots, kong_options
from core.tables.rounds import first_chosen, held, load_match, shown_round, totals
from core.tables.state import STANDING, TableState
from game.actions import Call, Claim, ClaimKind, DeclareWin, Discard
from game.hints import discard_hints
from game.match import places
from game.record import HandRecord
from game.round import Phase, Round
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.settings import ClassicSettings, HongKongSettings
from game.scoring.table import settings_for
from game.tiles import WINDS, Tile
from render.hand import render_hand
from render.rendered import Rendered
from render.result import breakdown_lines, render_result, total_lines
from render.table import render_table
from words import Lang
from words.messages import count, duration, name_of, say
from words.phrases import show
from words.tiles import tile_label, tile_name


def _button(
    state: TableState,
    verb: Verb,
    label: str,
    style: Style = "secondary",
    *,
    number: int | None = None,
    row: int | None = None,
    disabled: bool = False,
    tile: Tile | None = None,
) -> ButtonSpec:
    return ButtonSpec(ButtonId(state.id, state.step, verb, number).text(), label, style, row, disabled, tile)


def relative(when: float | None) -> str:
    """A Discord timestamp that counts down by itself (the message is never edited on a countdown)."""
    return "—" if when is None else f"<t:{int(when)}:R>"


def rules_name(state: TableState, lang: Lang) -> str:
    return name_of("rules", state.settings.rules.name, lang)


def options_text(state: TableState, lang: Lang) -> str:
    rules = state.settings.rules
    chosen = [name for name in ("jokers", "open_hands", "calling_rule", "seven_pairs") if getattr(rules, name)]
    if state.settings.hints:
        chosen.append("hints")
    if state.settings.hide_claims:
        chosen.append("hide_claims")
    if state.settings.learners:
        chosen.append("learners")
    words = [name_of("option", name, lang) for name in chosen]
    if rules.name == "hongkong":
        words.append(f"min {rules.minimum_fan} fan")
    return "".join(f" · {word}" for word in words)


# --- the lobby -----------------------------------------------------------------------------------


def activity_button(state: TableState, lang: Lang) -> ButtonSpec:
    """The button that launches the Discord Activity where it is pressed (the Activity then opens the
    table: ``core.tables.threads``); offered only when the Activity is on, beside the table's own buttons,
    which stay for the clients that run no Activity."""
    return _button(state, "launch", say("btn_activity", lang), "primary")


SeatRatings = Mapping[int, tuple[int, bool]]
"""Each member seat's shown rating in the table's pool and whether it is provisional, by member id
(``bot.tables.messages`` reads them from the ledger; a table that is not rated shows none)."""


def seat_rating(ratings: SeatRatings | None, member_id: int | None, lang: Lang) -> str | None:
    """A member's rating as a seat shows it: ``1012``, ``1000 (provisional)``; None without one."""
    found = None if ratings is None or member_id is None else ratings.get(member_id)
    if found is None:
        return None
    shown, provisional = found
    return say("seat_rating_provisional", lang, rating=shown) if provisional else str(shown)


def deal_line(state: TableState, lang: Lang) -> list[str]:
    """A deal's table says its code, for others to play the same walls (``/mahjong new deal:``)."""
    return [] if state.deal is None else [say("table_deal", lang, deal=state.deal)]


def lobby_message(
    state: TableState, lang: Lang, *, activity: bool = False, ratings: SeatRatings | None = None
) -> Message:
    """The lobby: who sits (a member's rating beside them, ``ratings``), the table's settings and its
    buttons (``activity``: the Activity's too)."""
    rules = state.settings.rules
    host = next((seat.name for seat in state.seats if seat.member_id == state.host_id), "?")
    lines = [
        f"**{say('lobby_title', lang, rules=rules_name(state, lang))}**",
        say("lobby_open", lang, host=host),
        say(
            "lobby_settings",
            lang,
            rules=rules_name(state, lang),
            length=name_of("length", rules.length, lang),
            speed=name_of("speed", state.settings.speed, lang),
            options=options_text(state, lang),
        ),
        *deal_line(state, lang),
        say("lobby_seats", lang, filled=len(state.seats), players=state.players),
    ]
    for index in range(state.players):
        if index < len(state.seats):
            seat = state.seats[index]
            marker = "🤖 " if seat.computer else ("👑 " if seat.member_id == state.host_id else "")
            rating = seat_rating(ratings, seat.member_id, lang)
            lines.append(f"{index + 1}. {marker}{seat.name}" + ("" if rating is None else f" · {rating}"))
        else:
            lines.append(f"{index + 1}. {say('lobby_empty_seat', lang)}")
    if state.status in ("cancelled", "closed"):
        lines.append(
            say(
                "lobby_cancelled" if state.status == "cancelled" else "table_closed_idle",
                lang,
                idle=duration(state.settings.timing.idle, lang),
            )
        )
        return Message("\n".join(lines))
    chosen = first_chosen(state)
    picks: tuple[ButtonSpec, ...] = ()
    if not rules.has_wall:
        starter = state.seats[chosen].name if chosen is not None else say("lobby_first_random", lang)
        lines.append(say("lobby_first", lang, name=starter))
        picks = tuple(
            _button(
                state,
                "first",
                say("btn_first", lang, name=seat.name)[:80],
                "primary" if index == chosen else "secondary",
                number=index,
                row=1,
            )
            for index, seat in enumerate(state.seats)
        )
    if state.full:
        lines.append(say("lobby_ready", lang))
    buttons = (
        _button(state, "join", say("btn_join", lang), "success", row=0, disabled=state.full),
        _button(state, "leave", say("btn_leave", lang), row=0),
        _button(state, "addcpu", say("btn_addcpu", lang), row=0, disabled=state.full),
        _button(state, "start", say("btn_start", lang), "primary", row=0, disabled=not state.full),
        _button(state, "cancel", say("btn_cancel", lang), "danger", row=0),
    )
    launch = (activity_button(state, lang),) if activity else ()  # a row of its own, below the others
    return Message("\n".join(lines), (), buttons + picks + launch)


# --- the table -----------------------------------------------------------------------------------


def seat_wind(hand: Round, seat: int) -> str:
    return WINDS[(seat - hand.dealer) % hand.ruleset.players].code


def _wind_name(code: str, lang: Lang) -> str:
    return name_of("wind", code, lang)


def _tile(tile: Tile, lang: Lang) -> str:
    return tile_name(tile, lang)


def table_message(
    state: TableState, lang: Lang, *, activity: bool = False, ratings: SeatRatings | None = None
) -> Message:
    """The public table message: the table image from a spectator's seat, whose turn, the deadline, the
    member seats' ratings (``ratings``); with ``activity``, while the table is open, the button that
    launches the Activity."""
    if state.status in ("lobby", "cancelled") or (state.status == "closed" and state.hand is None):
        return lobby_message(state, lang, activity=activity, ratings=ratings)
    hand = shown_round(state)
    view = hand.view(None)
    names = [seat.name for seat in state.seats]
    scores = [int(total) for total in totals(state)]
    lines = [
        f"**{rules_name(state, lang)}** · "
        + say(
            "table_hand",
            lang,
            number=state.hand_number + 1,
            wind=_wind_name(hand.round_wind.code, lang),
            wall=count("tiles_left", hand.wall_left, lang),
        )
    ]
    if state.status == "playing":
        lines.append(_turn_line(state, hand, lang))
        away = [seat.name for seat in state.seats if seat.away]
        if away:
            lines.append(say("table_away", lang, names=", ".join(away)))
    elif state.status == "between":
        lines.append(say("table_between", lang, when=relative(state.deadline)))
        if state.ready:  # the next hand waits for the other members (or its deadline)
            ready = ", ".join(seat.name for index, seat in enumerate(state.seats) if index in state.ready)
            lines.append(say("table_ready", lang, names=ready))
    elif state.status == "closed":
        lines.append(say("table_closed_idle", lang, idle=duration(state.settings.timing.idle, lang)))
    else:
        lines.append(say("table_over", lang))
    if view.last_discard is not None and hand.phase is Phase.DISCARD and not held(state, hand):
        seat, tile = view.last_discard
        lines.append(say("table_last_discard", lang, tile=_tile(tile, lang), name=names[seat]))
    rated = [
        f"{seat.name} {rating}"
        for seat in state.seats
        if (rating := seat_rating(ratings, seat.member_id, lang)) is not None
    ]
    if rated:
        lines.append(say("table_ratings", lang, ratings=" · ".join(rated)))
    lines += deal_line(state, lang)
    if state.commitment is not None:
        lines.append(say("table_commitment", lang, digest=state.commitment))
    picture = Picture(f"table-{state.id}-{state.step}.png", render_table(view, names, scores, lang))
    buttons: list[ButtonSpec] = []
    if state.status == "playing":
        buttons.append(_button(state, "hand", say("btn_hand", lang), "primary"))
        if held(state, hand) or (hand.phase in (Phase.CLAIM, Phase.ROB) and _member_may_claim(state, hand)):
            buttons.append(_button(state, "claim", say("btn_claim", lang), "success"))
    if state.status == "between":
        buttons.append(_button(state, "next", say("btn_next", lang), "success"))
    buttons.append(_button(state, "rules", say("btn_rules", lang)))
    if activity and state.status in ("playing", "between"):
        buttons.append(activity_button(state, lang))
    return Message("\n".join(lines), (picture,), tuple(buttons))


def _member_may_claim(state: TableState, hand: Round) -> bool:
    """Whether a member's seat may still answer the open claim window. A table that hides its claim
    windows shows Claim at every discard instead (``held``): a button shown only when someone may
    claim would tell the table as much."""
    for seat in hand.awaiting():
        claim = hand.view(seat).claim
        if not state.seats[seat].played_by_computer and claim is not None and claim.options and not claim.answered:
            return True
    return False


def _turn_line(state: TableState, hand: Round, lang: Lang) -> str:
    names = [seat.name for seat in state.seats]
    deadline = say("table_deadline", lang, when=relative(state.deadline)) if state.deadline is not None else ""
    last = hand.view(None).last_discard
    if held(state, hand) and last is not None:
        from_seat, tile = last
        hold = say("table_deadline", lang, when=relative(state.hold_until))
        return f"⏳ {say('table_claim_window', lang, tile=_tile(tile, lang), name=names[from_seat])} · {hold}"
    if hand.phase in (Phase.CLAIM, Phase.ROB):
        claim = _window_tile(hand)
        if claim is not None:
            tile, from_seat = claim
            key = "table_rob_window" if hand.phase is Phase.ROB else "table_claim_window"
            return f"⏳ {say(key, lang, tile=_tile(tile, lang), name=names[from_seat])} · {deadline}".rstrip(" ·")
    turn = hand.turn
    line = say("table_turn", lang, name=names[turn], wind=_wind_name(seat_wind(hand, turn), lang))
    return f"▶ {line} · {deadline}".rstrip(" ·")


def _window_tile(hand: Round) -> tuple[Tile, int] | None:
    """The tile of the open claim window and who let it go (public: everyone saw it), read from the
    view of a seat the window waits for."""
    awaited = hand.awaiting()
    claim = hand.view(awaited[0]).claim if awaited else None
    return None if claim is None else (claim.tile, claim.from_seat)


# --- a player's own hand -------------------------------------------------------------------------


def hand_message(state: TableState, seat: int, lang: Lang, *, hint: bool = False, for_claim: bool = False) -> Message:
    """The private hand of ``seat``: its tiles numbered like its buttons, and what it may do now;
    ``for_claim``: asked for from a claim window's button, refused unless the seat may still answer one."""
    hand = shown_round(state)
    view = hand.view(seat)
    if for_claim and (view.claim is None or not view.claim.options or view.claim.answered):
        raise Refusal("no_claim_hidden" if state.settings.hide_claims else "no_claim")
    legal = view.legal
    hints = discard_hints(view) if hint and state.settings.hints else ()
    status = _hand_status(state, hand, seat, lang)
    lines = [status]
    best = next((item for item in hints if item.best), None)
    if best is not None:
        lines.append(say("hand_hint", lang, tile=_tile(best.tile, lang), reason=show(best.reason, lang)))
    picture = Picture(f"hand-{state.id}-{state.step}.png", render_hand(view, lang, hints))
    buttons: list[ButtonSpec] = []
    slots = hand_slots(view)
    waiting = held(state, hand)
    for number, tile in enumerate(slots):
        buttons.append(
            _button(
                state,
                "d",
                f"{number + 1} · {tile_label(tile, lang)}",
                "primary" if tile == view.drawn else "secondary",
                number=number,
                row=number // 5,
                disabled=waiting or Discard(seat, tile) not in legal,
                tile=tile,
            )
        )
    actions: list[ButtonSpec] = []
    kongs = kong_options(legal)
    for number, kong in enumerate(kongs):
        actions.append(
            _button(state, "kong", say("btn_kong", lang, tile=tile_label(kong.tile, lang)), "primary", number=number)
        )
    if any(isinstance(action, DeclareWin) for action in legal) or complete_but_refused(hand, seat, view):
        actions.append(_button(state, "win", say("btn_win", lang), "success"))
    if Call(seat) in legal:
        actions.append(_button(state, "call", say("btn_call", lang), "primary"))
    for number, claim in enumerate(claim_options(legal)):
        button = _button(
            state, "c", _claim_label(claim, view.claim.tile if view.claim else None, lang), "success", number=number
        )
        if claim.kind is ClaimKind.CHOW and claim.chow_base is not None:  # each chow shown on its tiles
            button = replace(button, shows=tuple(Tile(claim.chow_base + step) for step in range(3)))
        actions.append(button)
    if claim_options(legal):
        actions.append(_button(state, "p", say("btn_pass", lang), "danger"))
    if state.settings.hints and any(isinstance(action, Discard) for action in legal) and not hint:
        actions.append(_button(state, "hint", say("btn_hint", lang)))
    if state.seats[seat].away:
        actions.append(_button(state, "back", say("btn_back", lang), "success"))
    if waiting:
        actions = [
            replace(action, disabled=True) if not action.custom_id.endswith(":hint") else action for action in actions
        ]
    first_row = (len(slots) + 4) // 5
    for index, action in enumerate(actions):  # a V2 layout has room for every action below the tiles
        buttons.append(replace(action, row=first_row + index // 5))
    if state.status == "playing" and hand.result is None and not state.seats[seat].away:
        standing_row = first_row + (len(actions) + 4) // 5
        buttons += _standing_buttons(state, seat, lang, standing_row)
    return Message("\n".join(lines), (picture,), tuple(buttons))


def _standing_buttons(state: TableState, seat: int, lang: Lang, row: int) -> list[ButtonSpec]:
    """The member's standing choices, each a button that turns it on or off (ticked and green when on)."""
    chosen = state.seats[seat].standing
    return [
        _button(
            state,
            "auto",
            ("✓ " if choice in chosen else "") + say(f"btn_{choice}", lang),
            "success" if choice in chosen else "secondary",
            number=number,
            row=row,
        )
        for number, choice in enumerate(STANDING)
    ]


def _claim_label(claim: Claim, tile: Tile | None, lang: Lang) -> str:
    if claim.kind is ClaimKind.MAHJONG:
        return say("btn_win", lang)
    if claim.kind is ClaimKind.CHOW and claim.chow_base is not None:
        base = claim.chow_base
        run = "-".join(str(base.number + step) for step in range(3))
        return say("btn_chow", lang, tiles=f"{run} {tile_label(base, lang).split(' ', 1)[-1]}")
    label = tile_label(tile, lang) if tile is not None else ""
    return say("btn_pung" if claim.kind is ClaimKind.PUNG else "btn_claim_kong", lang, tile=label)


def _hand_status(state: TableState, hand: Round, seat: int, lang: Lang) -> str:
    names = [other.name for other in state.seats]
    if state.status != "playing" or hand.result is not None:
        return say("hand_over", lang)
    if state.seats[seat].away:
        return say("hand_away", lang)
    view = hand.view(seat)
    when = relative(state.deadline)
    if view.claim is not None and view.claim.options and not view.claim.answered:
        key = "hand_rob" if view.claim.robbing else "hand_claim"
        return say(key, lang, tile=_tile(view.claim.tile, lang), name=names[view.claim.from_seat], when=when)
    if view.claim is not None and view.claim.answered:
        return say("hand_answered", lang)
    if hand.phase is Phase.DISCARD and hand.turn == seat and held(state, hand) and view.last_discard is not None:
        return say("hand_held", lang, tile=_tile(view.last_discard[1], lang), when=relative(state.hold_until))
    if hand.phase is Phase.DISCARD and hand.turn == seat:
        turn = say("hand_your_turn", lang, when=when)
        bank = state.seats[seat].bank
        return f"{turn} {say('hand_bank', lang, seconds=round(bank))}" if state.settings.timing.bank else turn
    waiting = ", ".join(names[other] for other in hand.awaiting()) or "—"
    return say("hand_waiting", lang, names=waiting)


# --- results ---------------------------------------------------------------------------------


RatingChanges = Sequence[tuple[int, int, int]]
"""What a rated match did to its member seats' ratings: (seat, shown before, shown after), by seat."""


def result_message(
    state: TableState, finished: FinishedHand, lang: Lang, *, rating_changes: RatingChanges = ()
) -> Message:
    """The end of a hand: the result card and breakdown, payments and totals, the seed revealed; the
    match's last one with each member's rating change (``rating_changes``), once the ledger rated it."""
    names = [seat.name for seat in state.seats]
    entry = finished.entry
    number = entry.number + 1
    record = HandRecord.from_text(entry.record)
    lines: list[str] = []
    pictures: list[Picture] = []
    winner = entry.winner
    if winner is None:
        lines.append(say("result_drawn", lang, number=number))
    else:
        discarder = entry.discarder
        how = say("result_self_drawn", lang) if discarder is None else say("result_from", lang, name=names[discarder])
        lines.append(f"🀄 **{say('result_won', lang, winner=names[winner], number=number, how=how)}**")
        card = _result_card(state, record, names, finished, lang)
        if card is not None:
            rendered, breakdown = card
            pictures.append(Picture(f"result-{state.id}-{number}.png", rendered))
            lines += breakdown
    payments = [Fraction(str(paid)) for paid in entry.payments]
    if any(payments):
        lines.append(" · ".join(f"{name} {_signed(paid)}" for name, paid in zip(names, payments, strict=True)))
    lines.append(
        say(
            "result_totals",
            lang,
            totals=" · ".join(f"{name} {_signed(total)}" for name, total in zip(names, finished.totals, strict=True)),
        )
    )
    rules = record.ruleset
    command = (
        f"mahjong-bot verify-wall --rules {rules.name} --seed {record.seed}"
        + "".join(f" --{name.replace('_', '-')}" for name in ("jokers",) if getattr(rules, name))
        + ("" if rules.players == 4 else f" --players {rules.players}")
        + f" --commitment {finished.commitment}"
    )
    lines.append(say("result_seed", lang, seed=record.seed, command=command))
    buttons: tuple[ButtonSpec, ...] = (_button(state, "detail", say("btn_detail", lang)),)
    if state.status == "over":
        placed = places(finished.totals)
        ranking = sorted(range(len(names)), key=lambda seat: (placed[seat], seat))
        lines.append(
            "🏁 "
            + say(
                "match_over",
                lang,
                standings=", ".join(
                    f"{placed[seat]}. {names[seat]} ({_signed(finished.totals[seat])})" for seat in ranking
                ),
            )
        )
        if rating_changes:
            changes = " · ".join(
                f"{names[seat]} {before} → {after} ({after - before:+d})" for seat, before, after in rating_changes
            )
            lines.append("📈 " + say("result_ratings", lang, changes=changes))
    elif state.status == "between":
        buttons = (_button(state, "next", say("btn_next", lang), "success"), *buttons)
    return Message(_fit("\n".join(lines)), tuple(pictures), buttons)


def closed_message(state: TableState, lang: Lang) -> Message:
    """The notice posted when the clock closes an idle table: why, and the totals the ledger keeps."""
    lines = [f"🔒 {say('table_closed_idle', lang, idle=duration(state.settings.timing.idle, lang))}"]
    if state.match is not None:
        names = [seat.name for seat in state.seats]
        lines.append(
            say(
                "closed_recorded",
                lang,
                hands=count("finished_hands", len(load_match(state).hands), lang),
                totals=" · ".join(f"{name} {_signed(total)}" for name, total in zip(names, totals(state), strict=True)),
            )
        )
    return Message("\n".join(lines))


def result_details(state: TableState, step: int, lang: Lang) -> Message:
    """The last hand's result again, privately in the reader's language (its card and breakdown)."""
    finished = state.last_hand
    if finished is None or finished.step != step:
        raise Refusal("old_result")
    public = result_message(state, finished, lang)
    return Message(public.content, public.pictures)


def _result_card(
    state: TableState, record: HandRecord, names: Sequence[str], finished: FinishedHand, lang: Lang
) -> tuple[Rendered, list[str]] | None:
    hand = Round.from_record(record)
    result = hand.result
    if result is None or result.win is None or result.winner is None:
        return None
    win = result.win
    settings = settings_for(record.ruleset)
    discarder = finished.entry.discarder
    discarder_name = None if discarder is None else names[discarder]
    if isinstance(settings, ClassicSettings):
        score: Any = score_classic(win, settings)
        payments: list[tuple[str, Fraction | int]] = []
    elif isinstance(settings, HongKongSettings):
        score = score_hongkong(win, settings)
        payments = [(name, Fraction(str(paid))) for name, paid in zip(names, finished.entry.payments, strict=True)]
    else:
        return None
    rendered = render_result(
        win, score, winner_name=names[result.winner], discarder_name=discarder_name, payments=payments, lang=lang
    )
    rows = [*breakdown_lines(score, lang), *total_lines(score, lang)]
    return rendered, [f"• {label}: {value}" if value else f"• {label}" for label, value in rows]


def _signed(amount: Fraction) -> str:
    whole = int(amount) if amount.denominator == 1 else float(amount)
    return f"+{whole}" if amount > 0 else str(whole)


def _fit(content: str) -> str:
    """Discord's 2000 characters for a message."""
    return content if len(content) <= 2000 else content[:1999] + "…"


def rules_text(state: TableState, lang: Lang) -> str:
    rules = state.settings.rules
    timing = state.settings.timing
    return say(
        "rules_summary",
        lang,
        rules=rules_name(state, lang),
        players=rules.players,
        length=name_of("length", rules.length, lang),
        options=options_text(state, lang),
        turn=duration(timing.turn, lang),
        claim=duration(timing.claim, lang),
    )

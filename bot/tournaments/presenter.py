"""What a tournament shows on Discord, as plain data (``bot.message_specs``): the sign-up post with its
buttons, the standings after a round, the podium, a round table's thread name. Pure: the tournament and
the language in, the message out; the tournament's language for what the channel sees."""

from __future__ import annotations

from collections.abc import Sequence

from bot.message_specs import ButtonSpec, Message
from bot.reports import fit, plain, rules_label, signed
from bot.tournaments.custom_ids import button_id
from core.tournaments.standings import Standing
from core.tournaments.tournament import RoundTable, Tournament
from words import Lang
from words.messages import name_of, say

PODIUM = ("🥇", "🥈", "🥉")
NAMES_LISTED = 40  # names the sign-up post lists before "and N more"


def title(made: Tournament, lang: Lang) -> str:
    return plain(made.settings.name) if made.settings.name else say("tournament_untitled", lang, id=made.id)


def signup_message(made: Tournament, lang: Lang) -> Message:
    """The sign-up post as the tournament stands: what it plays, when sign-up closes and it starts, who
    signed up and checked in, and the buttons its state allows."""
    settings = made.settings
    lines = [
        say(
            "tournament_heading",
            lang,
            name=title(made, lang),
            rules=rules_label(settings.rules, lang),
            rounds=settings.rounds,
            length=name_of("length", settings.length, lang),
            speed=name_of("speed", settings.speed, lang),
        ),
        say(
            "tournament_status_" + made.status,
            lang,
            closes=_when(settings.signup_closes),
            starts=_when(settings.starts_at),
            round=made.round,
            rounds=settings.rounds,
        ),
    ]
    if made.status == "signup":
        lines.append(say("tournament_signed", lang, count=len(made.signed), players=_names(made, made.signed)))
        checked = [member for member in made.signed if member in made.checked]
        if checked:
            lines.append(say("tournament_checked", lang, count=len(checked), players=_names(made, checked)))
    else:
        lines.append(say("tournament_players", lang, count=len(made.players), players=_names(made, made.players)))
    buttons: tuple[ButtonSpec, ...] = ()
    if made.status == "signup":
        buttons = (
            ButtonSpec(button_id(made.id, "join"), say("tournament_button_join", lang), "primary"),
            ButtonSpec(button_id(made.id, "checkin"), say("tournament_button_checkin", lang), "success"),
            ButtonSpec(button_id(made.id, "leave"), say("tournament_button_leave", lang)),
        )
    elif made.status in ("playing", "paused"):
        buttons = (ButtonSpec(button_id(made.id, "leave"), say("tournament_button_leave", lang)),)
    return Message("\n".join(lines), buttons=buttons)


def standings_text(made: Tournament, standings: Sequence[Standing], lang: Lang, *, final: bool) -> str:
    """The standings after the round that just ended (or, ``final``, the podium and the whole order):
    placement points, the sum of the hand scores, the duplicate score."""
    head = [
        say("tournament_podium_heading", lang, name=title(made, lang))
        if final
        else say(
            "tournament_standings_heading",
            lang,
            name=title(made, lang),
            round=made.round,
            rounds=made.settings.rounds,
        )
    ]
    lines = []
    for line in standings:
        marker = PODIUM[line.rank - 1] if final and line.rank <= len(PODIUM) else f"{line.rank}."
        lines.append(
            say(
                "tournament_standing_line",
                lang,
                rank=marker,
                name=plain(made.name_of(made.players[line.player])),
                points=_figure(line.points),
                score=signed(line.score),
                duplicate=signed(line.duplicate),
            )
        )
    return fit(head, lines)


def thread_name(made: Tournament, table: RoundTable, lang: Lang) -> str:
    return say("tournament_thread", lang, name=title(made, lang), round=table.round, table=table.index + 1)[:100]


def seated_notice(made: Tournament, table: RoundTable, lang: Lang) -> str:
    """The first words in a round table's thread: whom it seats (mentioned, so each member is told)."""
    members = " ".join(f"<@{member}>" for member in table.seats if member is not None and member not in made.absent)
    return say("tournament_seated", lang, round=table.round, rounds=made.settings.rounds, members=members or "—")


def _names(made: Tournament, members: Sequence[int]) -> str:
    shown = [plain(made.name_of(member)) for member in members[:NAMES_LISTED]]
    more = len(members) - len(shown)
    return ", ".join(shown) + (f" (+{more})" if more > 0 else "") if shown else "—"


def _when(moment: float) -> str:
    return f"<t:{int(moment)}:R>"


def _figure(value: float) -> str:
    return f"{value:g}"

"""A tournament as the live store keeps it: a JSON document, read back exactly (``to_document`` and
``from_document`` round-trip), a damaged one refused with what is wrong rather than half-read."""

from __future__ import annotations

from typing import Any, cast, get_args

from core.tables.state import Speed
from core.tournaments.schedule import MalformedSchedule, parse_schedule, schedule_document
from core.tournaments.seats import MAX_PLAYERS
from core.tournaments.standings import StandingsError, TableResult
from core.tournaments.tournament import RoundTable, Status, Tournament, TournamentSettings

FORMAT = 1


class TournamentDocumentError(ValueError):
    """A stored tournament that cannot be read: what is wrong, for the log."""


def to_document(tournament: Tournament) -> dict[str, Any]:
    settings = tournament.settings
    return {
        "format": FORMAT,
        "id": tournament.id,
        "guild": tournament.guild_id,
        "organiser": tournament.organiser,
        "settings": {
            "rules": settings.rules,
            "rounds": settings.rounds,
            "length": settings.length,
            "signup_closes": settings.signup_closes,
            "checkin": settings.checkin,
            "name": settings.name,
            "speed": settings.speed,
            "lang": settings.lang,
        },
        "seed": tournament.seed,
        "status": tournament.status,
        "signed": list(tournament.signed),
        "checked": sorted(tournament.checked),
        "players": list(tournament.players),
        "schedule": None if tournament.schedule is None else schedule_document(tournament.schedule),
        "round": tournament.round,
        "tables": [_table_document(table) for table in tournament.tables],
        "absent": sorted(tournament.absent),
        "names": {str(member): name for member, name in sorted(tournament.names.items())},
    }


def _table_document(table: RoundTable) -> dict[str, Any]:
    return {
        "round": table.round,
        "index": table.index,
        "numbers": list(table.numbers),
        "seats": list(table.seats),
        "table": table.table_id,
        "hands": None if table.result is None else [list(scores) for scores in table.result.hands],
    }


def from_document(document: Any) -> Tournament:
    try:
        return _read(_object(document))
    except (KeyError, TypeError, ValueError, StandingsError, MalformedSchedule) as error:
        if isinstance(error, TournamentDocumentError):
            raise
        raise TournamentDocumentError(f"a damaged tournament: {error!r}") from error


def _read(document: dict[str, Any]) -> Tournament:
    if document.get("format") != FORMAT:
        raise TournamentDocumentError(f"an unknown tournament format {document.get('format')!r}")
    settings = _object(document["settings"])
    status = document["status"]
    if status not in get_args(Status):
        raise TournamentDocumentError(f"an unknown status {status!r}")
    members = _members(document["signed"])
    return Tournament(
        id=_text(document["id"]),
        guild_id=_int(document["guild"]),
        organiser=_int(document["organiser"]),
        settings=TournamentSettings(
            rules=_text(settings["rules"]),
            rounds=_int(settings["rounds"]),
            length=_text(settings["length"]),
            signup_closes=_number(settings["signup_closes"]),
            checkin=_number(settings["checkin"]),
            name=_name(settings.get("name", "")),
            speed=cast(Speed, _text(settings.get("speed", "live"))),
            lang=_text(settings.get("lang", "en")),
        ),
        seed=_int(document["seed"]),
        status=cast(Status, status),
        signed=members,
        checked=frozenset(_members(document["checked"])),
        players=_members(document["players"]),
        schedule=None if document["schedule"] is None else parse_schedule(document["schedule"]),
        round=_int(document["round"]),
        tables=tuple(_table(entry) for entry in _list(document["tables"])),
        absent=frozenset(_members(document["absent"])),
        names={int(member): _text(name) for member, name in _object(document.get("names", {})).items()},
    )


def _table(document: Any) -> RoundTable:
    entry = _object(document)
    round_number = _int(entry["round"])
    numbers = tuple(_int(number) for number in _list(entry["numbers"]))
    hands = entry["hands"]
    result = None
    if hands is not None:
        scores = tuple(tuple(_number(score) for score in _list(row)) for row in _list(hands))
        result = TableResult(round_number, numbers, scores)
    table_id = entry["table"]
    return RoundTable(
        round=round_number,
        index=_int(entry["index"]),
        numbers=numbers,
        seats=tuple(None if seat is None else _int(seat) for seat in _list(entry["seats"])),
        table_id=None if table_id is None else _text(table_id),
        result=result,
    )


def _members(value: Any) -> tuple[int, ...]:
    members = tuple(_int(member) for member in _list(value))
    if len(members) > MAX_PLAYERS or len(set(members)) != len(members):
        raise TournamentDocumentError(f"not a list of members: {value!r}")
    return members


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TournamentDocumentError(f"not a whole number: {value!r}")
    return value


def _number(value: Any) -> float:
    if type(value) not in (int, float):
        raise TournamentDocumentError(f"not a number: {value!r}")
    return float(value)


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > 100:
        raise TournamentDocumentError(f"not a short text: {value!r}")
    return value


def _name(value: Any) -> str:
    """A name that may be empty (none given)."""
    return "" if value == "" else _text(value)


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TournamentDocumentError(f"not an object: {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TournamentDocumentError(f"not a list: {value!r}")
    return value

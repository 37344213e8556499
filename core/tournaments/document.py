"""A tournament as the live store keeps it: a JSON document, read back exactly (``to_document`` and
``from_document`` round-trip), a damaged one refused with what is wrong rather than half-read."""

from __future__ import annotations

from typing import Any, cast, get_args

from core.documents import DocumentReader
from core.tables.state import Speed
from core.tournaments.schedule import MalformedSchedule, parse_schedule, schedule_document
from core.tournaments.seats import MAX_PLAYERS
from core.tournaments.standings import StandingsError, TableResult
from core.tournaments.tournament import RoundTable, Status, Tournament, TournamentSettings

FORMAT = 1


class TournamentDocumentError(ValueError):
    """A stored tournament that cannot be read: what is wrong, for the log."""


_reader = DocumentReader(TournamentDocumentError)
_TEXT = 100  # the longest id, rules' name or length a tournament keeps


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
        return _read(_reader.mapping(document))
    except (KeyError, TypeError, ValueError, StandingsError, MalformedSchedule) as error:
        if isinstance(error, TournamentDocumentError):
            raise
        raise TournamentDocumentError(f"a damaged tournament: {error!r}") from error


def _read(document: dict[str, Any]) -> Tournament:
    if document.get("format") != FORMAT:
        raise TournamentDocumentError(f"an unknown tournament format {document.get('format')!r}")
    settings = _reader.mapping(document["settings"])
    status = document["status"]
    if status not in get_args(Status):
        raise TournamentDocumentError(f"an unknown status {status!r}")
    members = _members(document["signed"])
    return Tournament(
        id=_reader.text(document["id"], _TEXT, shortest=1),
        guild_id=_reader.integer(document["guild"]),
        organiser=_reader.integer(document["organiser"]),
        settings=TournamentSettings(
            rules=_reader.text(settings["rules"], _TEXT, shortest=1),
            rounds=_reader.integer(settings["rounds"]),
            length=_reader.text(settings["length"], _TEXT, shortest=1),
            signup_closes=_reader.number(settings["signup_closes"]),
            checkin=_reader.number(settings["checkin"]),
            name=_name(settings.get("name", "")),
            speed=cast(Speed, _reader.text(settings.get("speed", "live"), _TEXT, shortest=1)),
            lang=_reader.text(settings.get("lang", "en"), _TEXT, shortest=1),
        ),
        seed=_reader.integer(document["seed"]),
        status=cast(Status, status),
        signed=members,
        checked=frozenset(_members(document["checked"])),
        players=_members(document["players"]),
        schedule=None if document["schedule"] is None else parse_schedule(document["schedule"]),
        round=_reader.integer(document["round"]),
        tables=tuple(_table(entry) for entry in _reader.listed(document["tables"])),
        absent=frozenset(_members(document["absent"])),
        names={
            int(member): _reader.text(name, _TEXT, shortest=1)
            for member, name in _reader.mapping(document.get("names", {})).items()
        },
    )


def _table(document: Any) -> RoundTable:
    entry = _reader.mapping(document)
    round_number = _reader.integer(entry["round"])
    numbers = tuple(_reader.integer(number) for number in _reader.listed(entry["numbers"]))
    hands = entry["hands"]
    result = None
    if hands is not None:
        scores = tuple(tuple(_reader.number(score) for score in _reader.listed(row)) for row in _reader.listed(hands))
        result = TableResult(round_number, numbers, scores)
    table_id = entry["table"]
    return RoundTable(
        round=round_number,
        index=_reader.integer(entry["index"]),
        numbers=numbers,
        seats=tuple(None if seat is None else _reader.integer(seat) for seat in _reader.listed(entry["seats"])),
        table_id=None if table_id is None else _reader.text(table_id, _TEXT, shortest=1),
        result=result,
    )


def _members(value: Any) -> tuple[int, ...]:
    members = tuple(_reader.integer(member) for member in _reader.listed(value))
    if len(members) > MAX_PLAYERS or len(set(members)) != len(members):
        raise TournamentDocumentError(f"not a list of members: {value!r}")
    return members


def index_document(tournament_ids: tuple[str, ...]) -> dict[str, Any]:
    """A server's index: the ids of its tournaments, in the order they were opened."""
    return {"format": FORMAT, "tournaments": list(tournament_ids)}


def index_from_document(document: Any) -> tuple[str, ...]:
    try:
        index = _reader.mapping(document)
        if index.get("format") != FORMAT:
            raise TournamentDocumentError(f"an unknown index format {index.get('format')!r}")
        tournament_ids = tuple(_reader.text(item, _TEXT, shortest=1) for item in _reader.listed(index["tournaments"]))
    except KeyError as error:
        raise TournamentDocumentError(f"a damaged index of tournaments: {error!r}") from error
    if len(set(tournament_ids)) != len(tournament_ids):
        raise TournamentDocumentError(f"an index naming a tournament twice: {tournament_ids!r}")
    return tournament_ids


def _name(value: Any) -> str:
    """A name that may be empty (none given)."""
    return "" if value == "" else _reader.text(value, _TEXT, shortest=1)

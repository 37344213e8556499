"""The table document: a round trip, and untrusted documents refused with TableDocumentError."""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

from core.refusal import Refusal
from core.tables import rounds, transitions
from core.tables.moves import LOBBY_VERBS, NUMBERED, Actor, Lobby
from core.tables.state import LEGACY_PLACE, TableDocumentError, TableSettings, TableState, Timing
from game.rules import ruleset


def lobby_table() -> TableState:
    """A table in its lobby, its host (member 1, of server 1) seated."""
    state = TableState(
        id="abcdefgh",
        host_id=1,
        guild_id=1,
        settings=TableSettings(ruleset("hongkong"), "async", Timing.for_speed("async")),
        seed=42,
    )
    state, _ = transitions.join(state, 1, "Ana")
    return state


def started_table() -> TableState:
    state = lobby_table()
    for _ in range(3):
        state, _ = transitions.add_computer(state, 1)
    state, _ = transitions.start(state, 1, 100.0)
    return state


HOST = Actor(member_id=1, guild_id=1, name="Ana")


def test_a_lobby_move_no_case_takes_is_refused_not_taken_for_a_cancel():
    """``Lobby`` refuses an unknown verb itself; one that gets past it (a verb added to ``LobbyVerb``
    without its transition) is refused too, not taken for the host's cancel."""
    state = lobby_table()
    move = object.__new__(Lobby)
    object.__setattr__(move, "verb", "shuffle")
    object.__setattr__(move, "number", None)
    with pytest.raises(Refusal) as refused:
        transitions.apply(state, HOST, move, 100.0)
    assert refused.value.key == "unknown_button"


@pytest.mark.parametrize("verb", sorted(LOBBY_VERBS))
def test_every_lobby_verb_has_its_own_transition(verb):
    """The host's every lobby move is taken or refused by its own rule, and only cancel closes the table."""
    number = 0 if verb in NUMBERED else None
    try:
        after, _ = transitions.apply(lobby_table(), HOST, Lobby(verb, number), 100.0)
    except Refusal as refusal:
        assert refusal.key != "unknown_button"
        return
    assert (after.status == "cancelled") == (verb == "cancel")


def test_a_table_round_trips_through_json():
    state = started_table()
    document = json.loads(json.dumps(state.to_document()))
    assert TableState.from_document(document) == state


@pytest.mark.parametrize(
    "path, value",
    [
        (("version",), 4),
        (("version",), 0),
        (("status",), "flying"),
        (("settings", "speed"), "slow"),
        (("settings", "lang"), "de"),
        (("settings", "computer_level"), "genius"),
        (("seed",), "42"),
        (("seed",), True),
        (("step",), 1.5),
        (("host",), None),
        (("settings", "hints"), "false"),
        (("settings", "timing", "turn"), -1),
        (("settings", "timing", "turn"), "60"),
        (("seats",), "four"),
        (("guild",), "1"),
        (("settings", "rules"), {"name": "chess"}),
        (("extra",), []),
        (("hand",), 7),
        (("idle_at",), "soon"),
        (("settings", "timing", "idle"), None),
    ],
)
def test_a_damaged_document_is_refused(path, value):
    document = copy.deepcopy(started_table().to_document())
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(TableDocumentError):
        TableState.from_document(document)


def test_a_document_with_a_key_missing_is_refused():
    document = started_table().to_document()
    for key in list(document):
        damaged = {k: v for k, v in document.items() if k != key}
        with pytest.raises(TableDocumentError):
            TableState.from_document(damaged)


def test_a_table_stored_before_idle_limits_gets_its_speeds():
    state = replace(started_table(), idle_at=123.0)
    document = state.to_document()
    del document["idle_at"], document["settings"]["timing"]["idle"]
    document["version"] = 1
    document[LEGACY_PLACE] = {"guild": document.pop("guild"), "channel": 2, "thread": 3, "message": 4}
    upgraded = TableState.from_document(document)
    assert upgraded == replace(state, idle_at=None)
    assert upgraded.settings.timing.idle == Timing.for_speed(state.settings.speed).idle


def test_a_table_stored_with_its_place_on_discord_reads_its_server_from_it():
    """A version 2 document kept the server with where the table lived on Discord (``place``): the
    server is read from there, the rest left to the Discord surface (``bot.tables.places``)."""
    state = started_table()
    document = state.to_document()
    del document["guild"]
    document.update(version=2, place={"guild": 1, "channel": 2, "thread": 3, "message": 4})
    assert TableState.from_document(document) == state
    document[LEGACY_PLACE]["guild"] = "1"
    with pytest.raises(TableDocumentError):
        TableState.from_document(document)


def test_a_damaged_hand_inside_a_table_is_refused_when_played():
    state = started_table()
    # the document as a store gives it back (its own objects: a state's documents are values, never
    # changed in place, and the round this process played is handed over only for its own document)
    document = json.loads(json.dumps(state.to_document()))
    document["hand"]["seats"][0]["concealed"] = "1111111m"
    damaged = TableState.from_document(document)
    with pytest.raises(Refusal) as refused:
        rounds.load_round(damaged)
    assert refused.value.key == "broken_table"
    with pytest.raises(Refusal) as refused_shown:
        rounds.shown_round(damaged)
    assert refused_shown.value.key == "broken_table"


def test_the_round_drawn_from_a_state_is_shared_by_its_messages_and_left_as_it_was_by_them():
    """The messages of one change share a round of its hand: the same document gives the same round,
    drawing the table and every hand changes it not, and the next state's round, then an older
    state's again, are their own hands."""
    from bot.tables import presenter

    state = started_table()
    shown = rounds.shown_round(state)
    assert shown is rounds.shown_round(TableState.from_document(json.loads(json.dumps(state.to_document()))))
    assert shown.to_document() == rounds.load_round(state).to_document()
    presenter.table_message(state, "en")
    for seat in range(4):
        presenter.hand_message(state, seat, "fr")
    assert shown.to_document() == state.hand
    later, _ = transitions.wake(state, 10.0**9)  # the clock moves the hand on
    assert later.hand != state.hand
    assert rounds.shown_round(later).to_document() == later.hand
    assert rounds.shown_round(state).to_document() == state.hand  # drawn late, after a newer state


def test_a_process_replays_a_tables_hand_once_and_carries_it_on_by_its_new_actions(monkeypatch):
    """Each transition and each drawing resumes the round this process had for the table (a replay of
    the whole hand costs its every action); what they get is still the stored hand's own replay."""
    from game.round import Round

    state = started_table()
    state = replace(state, id="resumeme")  # a table no other test has played in this process
    replays = []
    original = Round.from_document.__func__

    def counted(cls, document, judge=None, *, rules=None):
        replays.append(len(document["actions"]))
        return original(cls, document, judge, rules=rules)

    monkeypatch.setattr(Round, "from_document", classmethod(counted))
    shown = []
    for _ in range(40):
        state, _ = transitions.wake(state, state.wake_at)
        if state.status != "playing":
            break
        hand = rounds.shown_round(state)
        shown.append(hand)
        assert hand.to_document() == state.hand
    assert len(state.hand["actions"]) > 20
    # one replay for the transitions (the start kept its round under the table's first id), one for the
    # drawings, however many changes came after
    assert replays == [0, 1], replays
    assert (
        rounds.load_round(state).to_document() == original(Round, state.hand, rules=state.settings.rules).to_document()
    )

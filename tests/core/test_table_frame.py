"""The table's frames (SPEC §7) over whole hands played through them: every viewer's frame at every
version keeps the rule (no concealed tile where it does not belong, public parts alike), and every move
a frame offers is one the table takes (``move_of``), with the tiles the page names."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from core.refusal import Refusal
from core.tables import transitions
from core.tables.frame import frame, hint_of, move_of
from core.tables.moves import Actor
from core.tables.rounds import shown_round
from core.tables.state import TableSettings, TableState, Timing
from game.round import Round
from game.rules import ruleset
from game.tiles import parse_tiles
from tests.frame_rule import assert_frame_rule, assert_same_public

TIMING = Timing(turn=30.0, claim=10.0, computer_pause=1.0, next_hand=5.0)
MEMBERS = (11, 12)
VIEWERS: tuple[int | None, ...] = (*MEMBERS, None, 99)  # two members, a spectator, a stranger


def lobby(rules: str = "hongkong", seed: int = 5, **options: Any) -> TableState:
    settings = TableSettings(rules=ruleset(rules), speed="live", timing=TIMING)
    settings = replace(settings, **options)
    state = TableState(id="frame01", host_id=MEMBERS[0], guild_id=0, settings=settings, seed=seed)
    state, _ = transitions.join(state, MEMBERS[0], "Ana")
    return state


def ask(state: TableState, member: int, message: dict[str, Any], now: float) -> TableState:
    move = move_of(state, member, message, now)
    state, _ = transitions.apply(state, Actor(member, 0, f"M{member}"), move, now)
    return state


def seated(state: TableState) -> TableState:
    """The lobby filled through its frames: the second member joins, a computer is added, then the host
    adds the last one and starts."""
    now = 1000.0
    assert [a["action"] for a in frame(state, 1, 12, now)["actions"]] == ["join"]
    state = ask(state, 12, {"action": "join"}, now)
    state = ask(state, 12, {"action": "add-computer"}, now)
    state = ask(state, 11, {"action": "add-computer"}, now)
    host = frame(state, 4, 11, now)
    assert {"action": "start"} in host["actions"] and host["viewer"] == "seated"
    assert {"action": "start"} not in frame(state, 4, 12, now)["actions"]
    assert [seat["kind"] for seat in host["seats"]] == ["member", "member", "computer", "computer"]
    return ask(state, 11, {"action": "start"}, now)


def play_hand(state: TableState, rng: random.Random, *, open_hands: bool = False) -> tuple[TableState, int]:
    """Play the hand dealt in ``state`` through the frames until it ends; checks every frame on the way.
    Returns the state and how many frames were checked."""
    now, version, checked = 1000.0, 10, 0
    logged: list[dict[str, str]] = []
    while state.status == "playing":
        frames = {viewer: frame(state, version, viewer, now) for viewer in VIEWERS}
        for shown in frames.values():
            assert_frame_rule(shown, open_hands=open_hands)
        assert_same_public(frames.values(), open_hands=open_hands)
        log = frames[None]["log"]
        assert log[: len(logged)] == logged, "the log only grows, oldest first"
        logged = log
        assert frames[None]["dealer"] == ("E" if state.settings.rules.has_wall else None)
        assert frames[None]["sheet"] == frame(state, version, None, now)["sheet"]
        assert frames[None]["actions"] == [] and frames[99]["viewer"] == "spectator"
        checked += len(frames)
        mover = next(
            (m for m in MEMBERS if any(a["action"] != "hint" for a in frames[m]["actions"])),
            None,
        )
        if mover is None:
            now = max(now, state.wake_at or now)
            state, _ = transitions.wake(state, now)
        else:
            offered = [a for a in frames[mover]["actions"] if a["action"] != "hint"]
            wins = [a for a in offered if a["action"] == "mahjong"]
            chosen = wins[0] if wins else rng.choice(offered)
            try:
                state = ask(state, mover, {**chosen, "step": frames[mover]["step"]}, now)
            except Refusal as refusal:  # a complete hand below the minimum: offered, refused with why
                assert chosen["action"] == "mahjong" and refusal.key == "win_refused"
                offered.remove(chosen)
                state = ask(state, mover, {**rng.choice(offered), "step": frames[mover]["step"]}, now)
        version += 1
    return state, checked


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("hongkong", {}),
        ("classic", {}),
        ("family", {}),
        ("hongkong", {"hide_claims": True}),
        ("classic", {"learners": True}),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_hands_through_frames_keep_the_rule(rules: str, options: dict[str, Any], seed: int) -> None:
    state = seated(lobby(rules, seed, **options))
    rng = random.Random(seed)
    state, checked = play_hand(state, rng)
    assert checked > 40
    over = {viewer: frame(state, 999, viewer, 1e6) for viewer in VIEWERS}
    assert all(shown["state"] in ("hand-over", "match-over") for shown in over.values())
    assert_same_public(over.values())
    result = over[None]["result"]
    assert result is not None and result["wall_seed"] == state.last_hand.seed  # type: ignore[union-attr]
    assert all("hand" in seat for seat in over[None]["seats"])  # every hand shown once the hand is over
    assert {"action": "next-hand"} in over[11]["actions"] or over[11]["state"] == "match-over"
    assert_log_tells_the_hand(state, over[None])
    sheet = over[None]["sheet"]
    assert [row["hand"] for row in sheet] == [1] and sheet[0]["winner"] == result["winner"]
    assert sheet[0]["score"] == result["score"] and sheet[0]["payments"] == result["payments"]
    assert sheet[0]["names"] == {seat["wind"]: seat["name"] for seat in over[None]["seats"]}
    if over[11]["state"] == "hand-over":
        # two members: the first press marks them ready; the second deals the next hand
        state = ask(state, 11, {"action": "next-hand", "step": over[11]["step"]}, 1e6)
        waiting = {viewer: frame(state, 1000, viewer, 1e6) for viewer in VIEWERS}
        assert_same_public(waiting.values())
        assert waiting[None]["state"] == "hand-over" and waiting[None]["ready"] == [over[11]["viewer"]]
        assert waiting[11]["actions"] == [] and waiting[12]["actions"] == [{"action": "next-hand"}]
        with pytest.raises(Refusal):
            ask(state, 11, {"action": "next-hand", "step": over[11]["step"]}, 1e6)
        state = ask(state, 12, {"action": "next-hand", "step": over[12]["step"]}, 1e6)
        dealt = frame(state, 1001, None, 1e6)
        assert dealt["hand_number"] == 2 and dealt["ready"] == [] and dealt["sheet"] == sheet
        assert all(entry["event"] in ("bonus", "draw") for entry in dealt["log"])  # a new hand's log


def assert_log_tells_the_hand(state: TableState, shown: dict[str, Any]) -> None:
    """The finished hand's log is what a replay of its record logs, and tells the hand the frame shows:
    the discards left on the table, the sets, the bonus tiles, and the winner's tile last."""
    hand = Round.from_document(state.hand, rules=state.settings.rules)
    assert [(e["event"], e["tiles"]) for e in shown["log"]] == [(e.kind, e.tiles) for e in hand.public_log]
    for seat in shown["seats"]:
        own = [e for e in shown["log"] if e["seat"] == seat["wind"]]
        assert [e["tiles"] for e in own if e["event"] == "bonus"] == seat["bonus"]
        discarded = Counter(e["tiles"] for e in own if e["event"] == "discard")
        assert not Counter(seat["discards"]) - discarded  # claimed discards are left out of `discards`
        sets = [e for e in own if e["event"] in ("chow", "pung", "kong", "concealed-kong")]
        kinds = {(meld["kind"], meld["tiles"]) for meld in seat["melds"]}
        assert all((e["event"], e["tiles"]) in kinds or e["event"] == "pung" for e in sets), (
            "a set logged is one of the seat's (a pung may since be a kong)"
        )
        assert len({meld["tiles"] for meld in seat["melds"]} - {e["tiles"] for e in sets}) == 0
    result = shown["result"]
    if result["winner"] is not None:
        assert shown["log"][-1] == {"seat": result["winner"], "event": "mahjong", "tiles": result["winning_tile"]}
        assert [b["pattern"] for b in result["breakdown"]] == result["patterns"]
        if shown["rules"] == "hongkong":
            assert sum(b["value"] for b in result["breakdown"]) >= min(result["score"], 1)
        if shown["rules"] == "family":
            assert result["breakdown"] == []
    else:
        assert all(e["event"] != "mahjong" for e in shown["log"]) and result["breakdown"] == []


def test_the_viewer_sees_their_hand_and_the_drawn_tile_last() -> None:
    state = seated(lobby("hongkong", 7))
    for member in MEMBERS:
        shown = frame(state, 5, member, 1000.0)
        own = next(seat for seat in shown["seats"] if seat["wind"] == shown["viewer"])
        assert len(own["hand"]) == own["concealed"]
        assert parse_tiles("".join(own["hand"][:-1] if own["drawn"] else own["hand"]))  # notation
        assert [seat["wind"] for seat in shown["seats"]] == ["E", "S", "W", "N"]
        if own["drawn"]:
            assert shown["turn"] == shown["viewer"]
            discards = [a["tiles"] for a in shown["actions"] if a["action"] == "discard"]
            assert own["hand"][-1] in discards and len(discards) == len(set(discards))


def test_an_ended_hand_is_shown_alike_to_every_viewer_its_winner_too() -> None:
    """A member who wins on their own draw sees their hand as everyone does once it is over (the result
    marks the winning tile), not with the tile drawn apart as while they played."""
    for seed in range(200):
        state, now = seated(lobby("classic", seed)), 1000.0
        while state.status == "playing":  # every seat played by the clock: a member's complete hand wins
            now = max(now, state.wake_at or now)
            state, _ = transitions.wake(state, now)
        winds = {frame(state, 9, member, now)["viewer"]: member for member in MEMBERS}
        result = frame(state, 9, None, now)["result"]
        if result["winner"] in winds and result["self_drawn"]:
            break
    else:
        raise AssertionError("no seed of 200 has a member win on their own draw")
    over = {viewer: frame(state, 9, viewer, now) for viewer in VIEWERS}
    assert_same_public(over.values())
    winner = next(seat for seat in over[winds[result["winner"]]]["seats"] if seat["wind"] == result["winner"])
    assert winner["drawn"] is False and result["winning_tile"] in winner["hand"]
    assert winner == next(seat for seat in over[None]["seats"] if seat["wind"] == result["winner"])


def member_deals() -> tuple[TableState, int]:
    """A hand whose dealer is a member: the first seed that seats one there, and that member."""
    for seed in range(100):
        state = seated(lobby("hongkong", seed))
        for member in MEMBERS:
            if any(a["action"] == "discard" for a in frame(state, 5, member, 1000.0)["actions"]):
                return state, member
    raise AssertionError("no seed of 100 seats a member as dealer")


def test_a_move_not_offered_is_refused_and_a_stale_one_too() -> None:
    state, turn = member_deals()
    shown = frame(state, 5, turn, 1000.0)
    own = next(seat for seat in shown["seats"] if seat["wind"] == shown["viewer"])
    missing = next(face for face in ("1m", "9p", "5s", "7z", "3z") if face not in own["hand"])
    with pytest.raises(Refusal) as refused:
        move_of(state, turn, {"action": "discard", "tiles": missing, "step": shown["step"]}, 1000.0)
    assert refused.value.key == "not_legal"
    with pytest.raises(Refusal) as refused:
        move_of(state, turn, {"action": "discard", "tiles": own["hand"][0], "step": shown["step"] - 1}, 1000.0)
    assert refused.value.key == "stale"
    with pytest.raises(Refusal) as refused:
        move_of(state, 99, {"action": "pass", "step": shown["step"]}, 1000.0)
    assert refused.value.key == "not_seated"
    for nonsense in ({"action": "hint"}, {"action": "detonate"}, {}, {"action": ["discard"]}):
        with pytest.raises(Refusal):
            move_of(state, turn, {**nonsense, "step": shown["step"]}, 1000.0)


def test_a_practice_tables_frame_names_its_deal() -> None:
    assert frame(lobby("classic"), 1, None, 0.0)["deal"] is None
    practice = replace(lobby("classic"), practice=True, deal="spring-24")
    assert frame(practice, 1, None, 0.0)["deal"] == frame(seated(practice), 4, 11, 0.0)["deal"] == "spring-24"


def _numbers(value: Any) -> set[int]:
    """Every whole number a frame holds, in a number or in a text of digits, anywhere in it."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, str):
        return {int(part) for part in value.replace("-", " ").split() if part.isdigit()}
    if isinstance(value, dict):
        return set().union(*(_numbers(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_numbers(item) for item in value)) if value else set()
    return set()


@pytest.mark.parametrize("rules", ["hongkong", "classic"])
def test_a_rated_tables_frames_carry_no_deal_and_no_seed_before_its_hand_is_over(rules: str) -> None:
    """A practice table's deal code is its point (the same walls for whoever uses it); a rated table's
    frames never carry a deal, its seed or its hand's seed while a hand is played, even from a state
    that holds a deal code (a damaged document, a tournament's shared walls): only the result of a hand
    over reveals that hand's seed (``wall_seed``), against its commitment."""
    seed = 123_456_789_012
    state = replace(seated(lobby(rules, seed)), deal="spring-24")  # not practice: the code is never shown
    assert not state.practice and state.hand is not None
    secrets = {seed, shown_round(state).seed}
    rng, now, version = random.Random(rules), 1000.0, 10
    while state.status == "playing":
        for viewer in VIEWERS:
            shown = frame(state, version, viewer, now)
            assert shown["deal"] is None and shown["result"] is None, shown
            assert not _numbers(shown) & secrets, "a frame of a hand being played holds a seed"
        state, now = play_one(state, rng, now)
        version += 1
    over = frame(state, version, None, now)
    assert over["deal"] is None and over["result"]["wall_seed"] == state.last_hand.seed  # type: ignore[union-attr]
    assert seed not in _numbers(over)


def play_one(state: TableState, rng: random.Random, now: float) -> tuple[TableState, float]:
    """One step of the hand: a member's move chosen at random among those offered, else the clock's."""
    for member in MEMBERS:
        shown = frame(state, 0, member, now)
        offered = [a for a in shown["actions"] if a["action"] not in ("hint", "mahjong")]
        if offered:
            return ask(state, member, {**rng.choice(offered), "step": shown["step"]}, now), now
    now = max(now, state.wake_at or now)
    return transitions.wake(state, now)[0], now


def test_the_lobby_offers_the_host_and_a_stranger_their_moves() -> None:
    state = lobby("family", 3)
    assert [a["action"] for a in frame(state, 1, 11, 0.0)["actions"]] == ["add-computer", "cancel", "first"]
    state = ask(state, 12, {"action": "join"}, 0.0)
    host = frame(state, 2, 11, 0.0)
    assert {"action": "first", "seat": "S"} in host["actions"]  # family rules: the host picks who starts
    state = ask(state, 11, {"action": "first", "seat": "S"}, 0.0)
    assert state.first_seat == 1
    with pytest.raises(Refusal) as refused:
        ask(state, 12, {"action": "join"}, 0.0)
    assert refused.value.key == "already_seated"
    assert frame(state, 3, 99, 0.0)["actions"] == [{"action": "join"}]
    assert frame(state, 3, None, 0.0)["viewer"] == "spectator"


def test_the_hint_is_asked_for_and_given_only_to_the_member_about_to_discard() -> None:
    state, turn = member_deals()
    other = next(member for member in MEMBERS if member != turn)
    shown = frame(state, 5, turn, 1000.0)
    assert {"action": "hint"} in shown["actions"]  # offered, without its tile: the search is made when asked
    hinted = hint_of(state, turn, state.step)
    own = next(seat for seat in shown["seats"] if seat["wind"] == shown["viewer"])
    assert hinted in own["hand"] and {"action": "discard", "tiles": hinted} in shown["actions"]
    assert hint_of(state, other, state.step) is None  # not their turn
    assert hint_of(state, turn, state.step - 1) is None  # a step gone
    assert hint_of(state, 99, state.step) is None  # no seat
    assert hint_of(replace(state, settings=replace(state.settings, hints=False)), turn, state.step) is None
    assert {"action": "hint"} not in frame(state, 5, other, 1000.0)["actions"]

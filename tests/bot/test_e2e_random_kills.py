"""``kill -9`` at random points of seeded matches (issue 13): one bot process plays several tables of one
member and three computers — the member never clicks after the start, so the clock plays their turns
until a computer takes their seat — and is killed with SIGKILL after a seeded random 0.2–2 s of play,
then started again, at least 25 times per live-state store (50 across the two). Then every table is
let finish, and:

- every table is over, and no click was needed for it: no timer was lost;
- after each kill, every table's stored state is one of the states an uninterrupted run passes through,
  never behind the state stored at the previous kill: the restarted bot resumes from the last committed
  state, nothing committed is lost, nothing half-applied is left; and each hand the table has finished
  is in the ledger or still pending in its live state (or both), with the reference's record;
- each match is in the ledger once, with its hands ``0..n-1`` once each, ``n`` its recorded hand count;
- the record of every finished hand (its actions move by move) is exactly what the uninterrupted
  reference run of the same table deals and plays — computed here in-process with the table's pure
  transitions and a clock stepping from one due time to the next. Computer moves and the clock's default
  moves depend only on the table's seed and the actions so far (a computer answers a claim window before
  the clock closes it, however late the clock looks), so any timer fired twice or lost, or any action
  applied twice, would show as a different record;
- every table message ends showing its match over, and every hand's result is posted exactly once, also
  when the process that ended the hand died before posting it (or after, before marking it posted:
  ``test_a_hand_ended_as_the_bot_is_killed_is_still_shown_after_the_restart`` aims at that moment);
  nothing the bot logged is an error, and the fake Discord saw no violation of its rules.

Most
kills also watch the tables and come at once when one shows a finished hand pending (the moment around
the ledger write); ``CLOCK_LEASE`` lets each restarted process take the clock over at once
instead of after the dead one's 5 s lease. About 55–110 s per store on two shared cores.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import random
import signal
import time
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from bot.tables.places import DiscordPlaces
from core.tables import transitions
from core.tables.state import TableState
from data.ledger import HandEntry
from data.ledger_sqlite import SqliteLedger
from game.record import HandRecord
from game.round import Round
from tests.bot.e2e_helpers import run_environment, start_run, table_id_of, table_state, wait_until
from tests.bot.test_e2e_exactly_once import REDIS_URL, clear_redis, open_live
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

KILLS = 25  # per live-state store
SEED = 1313
# (rules, length, most hands): a classic wind round of basic computers lasts 4 to 9 hands (one of at
# most 5 is chosen); a Hong Kong one of a dozen or more (3 fan to win: many draws), so Hong Kong plays one hand
FIRST_TABLES = (
    ("classic", "one_wind", 5),
    ("hongkong", "one_hand", None),
    ("classic", "one_hand", None),
    ("hongkong", "one_hand", None),
)
MORE_TABLES = (("classic", "one_hand", None), ("hongkong", "one_hand", None))
MIN_IN_PLAY = 3  # fewer tables in play than this at a restart: another one opens (while kills remain)
MAX_TABLES = 10
OVER = "The match is over."  # the table message of a finished match (English: the members' locale)


@dataclass
class Reference:
    """An uninterrupted run of one table from its lobby: the states it passes through (as fingerprints,
    in order) and the records of its finished hands."""

    positions: dict[str, int]
    records: list[str]


@dataclass
class Played:
    table_id: str
    host_id: int
    reference: Reference
    last_position: int = -1
    kills_pending: int = 0  # kills that found finished hands not yet in the ledger
    kills_in_play: int = 0  # kills that found the table in play (a hand dealt, or between hands)
    kills_pending_written: int = 0  # pending hands found already in the ledger (killed between the two writes)


@dataclass
class Run:
    backend: str
    guild_id: int
    kills: int = 0
    aimed: int = 0  # kills that came as soon as a finished hand was seen pending
    restarts: int = 0
    cancelled: int = 0  # lobbies of a match too long for the run's time, cancelled by their host
    tables: list[Played] = field(default_factory=list)


def fingerprint(state: TableState) -> str:
    """What a table's play consists of, without its timers (absolute times of a run) or its place."""
    return json.dumps(
        [
            state.status,
            state.step,
            state.hand_number,
            state.hand,
            state.match,
            [seat.__repr__() for seat in state.seats],
        ],
        sort_keys=True,
        default=str,
    )


def reference_run(lobby: TableState, host_id: int) -> Reference:
    """The table started by its host and then played by its clock alone, each wake at the time it is due,
    every pending ledger entry taken at once."""
    now = 1_000_000.0
    state, _ = transitions.start(lobby, host_id, now)
    state = transitions.touched(state, now)
    positions: dict[str, int] = {}
    records: list[str] = []
    for step in range(100_000):
        positions.setdefault(fingerprint(state), step)
        records += [entry.record for entry in state.unrecorded if isinstance(entry, HandEntry)]
        state = replace(state, unrecorded=())
        if state.status == "over":
            return Reference(positions, records)
        due = state.wake_at
        assert due is not None, f"the reference run of {lobby.id} has no timer in {state.status}"
        now = max(now, due)
        state, _ = transitions.wake(state, now)
    raise AssertionError(f"the reference run of {lobby.id} never ends")


def environment(fake: FakeDiscord, folder: pathlib.Path, backend: str, namespace: str, first_seed: int):
    env = run_environment(
        fake,
        FAST_TABLES="1",
        DATABASE_PATH=str(folder / "bot.sqlite3"),
        FIRST_SEED=str(first_seed),
        CLOCK_LEASE="1",
    )
    if backend == "redis":
        env.update(REDIS_URL=REDIS_URL, TEST_REDIS_NAMESPACE=namespace)
    return env


async def start_bot(fake: FakeDiscord, folder: pathlib.Path, backend: str, namespace: str, first_seed: int):
    process = await start_run(folder, environment(fake, folder, backend, namespace, first_seed), log=folder / "bot.log")
    await fake.wait_ready(timeout=60)
    return process


async def open_table(
    fake: FakeDiscord, guild: Any, live: Any, run: Run, rules: str, length: str, max_hands: int | None = None
) -> None:
    """A member opens a table with three computers and starts it. With ``max_hands``, a lobby whose
    match would be longer (the reference run says so) is cancelled and another one opened (the next seed),
    so that a seeded run keeps a match of several hands without one of fifteen."""
    host = fake.add_member(guild, name=f"Host {len(run.tables) + 1}")
    for _ in range(20):
        command = await fake.slash(
            host,
            guild.text_channel,
            "mahjong new",
            {"rules": rules, "length": length, "computers": 3, "level": "basic", "hide_claims": False},
        )
        await command.wait_done(timeout=30)
        lobby_message = next(m for m in reversed(fake.channel_messages(fake.threads[-1].id)) if m.custom_ids())
        table_id = table_id_of(lobby_message)
        lobby = await table_state(live, table_id)
        assert lobby.status == "lobby" and lobby.full
        reference = await asyncio.to_thread(reference_run, lobby, host.id)
        if max_hands is None or len(reference.records) <= max_hands:
            break
        cancel = await fake.click(host, lobby_message, f"mj1:{table_id}:0:cancel")
        await cancel.wait_done(timeout=30)
        assert (await table_state(live, table_id)).status == "cancelled"
        run.cancelled += 1
    else:
        raise AssertionError(f"no {rules} {length} match of at most {max_hands} hands in 20 seeds")
    start = await fake.click(host, lobby_message, f"mj1:{table_id}:0:start")
    await start.wait_done(timeout=30)
    run.tables.append(Played(table_id, host.id, reference))


async def play_then_kill(process: Any, live: Any, run: Run, seconds: float, aim: bool) -> None:
    """Let the bot play ``seconds``, then SIGKILL it. An ``aim``ed kill comes sooner if a table shows a
    finished hand not yet dropped from its live state: around the ledger write."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while aim and loop.time() < end:
        if any([(await table_state(live, played.table_id)).unrecorded for played in run.tables]):
            run.aimed += 1
            break
        await asyncio.sleep(0.002)
    else:
        await asyncio.sleep(max(0.0, end - loop.time()))
    process.send_signal(signal.SIGKILL)
    assert await asyncio.wait_for(process.wait(), 10) == -signal.SIGKILL
    run.kills += 1


async def check_resumable(live: Any, ledger: SqliteLedger, run: Run) -> None:
    """What a kill left: each table in a state of its uninterrupted run, not behind the state left by the
    kill before, and each hand it finished either in the ledger or pending in its live state (or both,
    when the process died between the ledger write and the live state's), with the reference's record."""
    for played in run.tables:
        state = await table_state(live, played.table_id)
        where = f"{run.backend}, kill {run.kills}: table {played.table_id}"
        position = played.reference.positions.get(fingerprint(state))
        assert position is not None, (
            f"{where} is in a state its uninterrupted run never reaches "
            f"(status {state.status}, step {state.step}, hand {state.hand_number})"
        )
        assert position >= played.last_position, (
            f"{where} went back from state {played.last_position} to {position}: a committed state was lost"
        )
        played.last_position = position
        finished = len(state.match["hands"]) if state.match is not None else 0
        pending = {entry.number: entry.record for entry in state.unrecorded if isinstance(entry, HandEntry)}
        recorded = {
            hand.number: hand.record
            for hand in await ledger.hands(run.guild_id, limit=1000)
            if hand.match_id == played.table_id
        }
        assert set(pending) | set(recorded) == set(range(finished)), (
            f"{where}: {finished} hands finished, {sorted(recorded)} in the ledger, {sorted(pending)} pending"
        )
        for number, record in {**recorded, **pending}.items():
            assert record == played.reference.records[number], f"{where}: hand {number} is not the reference's"
        if state.status in ("playing", "between"):
            played.kills_in_play += 1
        if pending:
            played.kills_pending += 1
            played.kills_pending_written += len(set(pending) & set(recorded))


async def shown_on_discord(fake: FakeDiscord, live: Any, played: Played) -> tuple[str, list[int]]:
    """A finished table as its members see it: the table message's text, and how many result messages
    its thread holds for each of its hands (found by the hand's seed, which the result names)."""
    place = await DiscordPlaces(live).of(played.table_id)
    assert place is not None and place.message_id is not None
    table_message = fake.message(place.message_id)
    posted = [message.text() or "" for message in fake.channel_messages(place.home)]
    seeds = [HandRecord.from_text(record).seed for record in played.reference.records]
    return table_message.text() or "", [sum(f"Seed {seed} —" in text for text in posted) for seed in seeds]


def _no_session(fake: FakeDiscord) -> Any:
    async def gone() -> bool:
        return not fake.gateway.live_sessions()

    return gone


async def all_hands(ledger: SqliteLedger, guild_id: int) -> list[Any]:
    hands: list[Any] = []
    while page := await ledger.hands(guild_id, limit=100, offset=len(hands)):
        hands += page
    return hands


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
async def test_random_kills_lose_nothing_and_apply_nothing_twice(tmp_path, backend):
    namespace = f"kills-{uuid.uuid4().hex}"
    rng = random.Random(f"{SEED}:{backend}")
    run = Run(backend, 0)
    began = time.monotonic()
    process = None
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        run.guild_id = guild.id
        live = await open_live(tmp_path, backend, namespace)
        ledger = None
        try:
            process = await start_bot(fake, tmp_path, backend, namespace, SEED * 1000)
            ledger = await SqliteLedger.open(tmp_path / "bot.sqlite3")  # migrated by the bot; read only here
            await fake.wait_commands_synced(timeout=30)
            for rules, length, most in FIRST_TABLES:
                await open_table(fake, guild, live, run, rules, length, most)
            more = iter(MORE_TABLES * MAX_TABLES)
            while run.kills < KILLS:
                await play_then_kill(process, live, run, rng.uniform(0.2, 2.0), aim=rng.random() < 0.75)
                await check_resumable(live, ledger, run)

                await wait_until(_no_session(fake), timeout=10, what="the killed process's gateway session to close")
                process = await start_bot(fake, tmp_path, backend, namespace, SEED * 1000 + 100 * run.kills)
                run.restarts += 1
                in_play = [p for p in run.tables if (await table_state(live, p.table_id)).is_open]
                if len(in_play) < MIN_IN_PLAY and len(run.tables) < MAX_TABLES:
                    rules, length, most = next(more)
                    await open_table(fake, guild, live, run, rules, length, most)
            killed_at = time.monotonic()

            async def finished():
                states = [await table_state(live, p.table_id) for p in run.tables]
                return all(
                    state.status == "over" and not state.unrecorded and not state.result_unposted for state in states
                )

            await wait_until(finished, timeout=240, what="every table to finish and show it without a click")
            finish_seconds = time.monotonic() - killed_at
            await fake.wait_idle(quiet=0.5)  # the last results and table edits are sent after the ledger write
            process.send_signal(signal.SIGINT)
            await asyncio.wait_for(process.wait(), 30)
            shown = {played.table_id: await shown_on_discord(fake, live, played) for played in run.tables}
            clicks = [i for i in fake.interactions if i.type == 3]
            assert len(clicks) == len(run.tables) + run.cancelled  # the hosts' start (or cancel) buttons only
            assert fake.violations == []
        finally:
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()
            await live.close()
            if ledger is not None:
                await ledger.close()
            if backend == "redis":
                await clear_redis(namespace)

    ledger = await SqliteLedger.open(tmp_path / "bot.sqlite3")
    try:
        hands = await all_hands(ledger, guild.id)
        matches = await ledger.matches(guild.id, limit=100)
    finally:
        await ledger.close()
    assert sorted(match.match_id for match in matches) == sorted(p.table_id for p in run.tables)
    assert len({hand.hand_id for hand in hands}) == len(hands)
    for played in run.tables:
        match = next(match for match in matches if match.match_id == played.table_id)
        mine = sorted((hand for hand in hands if hand.match_id == played.table_id), key=lambda hand: hand.number)
        assert match.ended == "finished" and match.hands == len(played.reference.records)
        assert [hand.number for hand in mine] == list(range(match.hands))
        assert [hand.hand_id for hand in mine] == [f"{played.table_id}:{number}" for number in range(match.hands)]
        for hand in mine:  # each record replays through the engine
            Round.from_record(HandRecord.from_text(hand.record))
        assert [hand.record for hand in mine] == played.reference.records, (
            f"table {played.table_id}: the hands played through {run.kills} kills differ from the uninterrupted run"
        )
    assert run.kills >= KILLS
    for table_id, (_, results) in shown.items():  # every hand's result posted once, kills or not
        assert results == [1] * len(results), f"table {table_id}: result messages per hand {results}"
    log = (tmp_path / "bot.log").read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]
    in_play = sum(p.kills_in_play for p in run.tables)
    pending = sum(p.kills_pending for p in run.tables)
    written = sum(p.kills_pending_written for p in run.tables)
    print(
        f"\n{backend}: {run.kills} kills, {len(run.tables)} tables ({run.cancelled} lobbies cancelled), "
        f"{len(hands)} hands, "
        f"{in_play} table-kills in play, {pending} with a finished hand pending ({written} already in the "
        f"ledger; {run.aimed} kills aimed), "
        f"{finish_seconds:.1f} s to finish after the last kill, {time.monotonic() - began:.1f} s in all"
    )


@pytest.mark.parametrize("kill_at", ["before-ledger", "after-ledger"])
async def test_a_hand_ended_as_the_bot_is_killed_is_still_shown_after_the_restart(tmp_path, kill_at):
    """What the random kills found now and then, at the one point: the bot is killed around the ledger
    write of a one-hand match's only hand (its end committed, its result not yet posted). The restarted
    bot records the hand, edits the table message to the match's end, and posts the hand's result
    (who won what, the seed to check the wall), once: the hand's end leaves its result marked unposted
    in the live state until a process has posted it."""
    env_kill = {"KILL_AT": kill_at}
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        live = await open_live(tmp_path, "sqlite", "")
        run = Run("sqlite", guild.id)
        process = None
        try:
            environment_killed = {**environment(fake, tmp_path, "sqlite", "", SEED), **env_kill}
            process = await start_run(tmp_path, environment_killed, log=tmp_path / "bot.log")
            await fake.wait_ready(timeout=60)
            await fake.wait_commands_synced(timeout=30)
            await open_table(fake, guild, live, run, "classic", "one_hand")
            assert await asyncio.wait_for(process.wait(), 120) == -signal.SIGKILL
            await wait_until(_no_session(fake), timeout=10, what="the killed process's gateway session to close")
            played = run.tables[0]
            assert (await table_state(live, played.table_id)).status == "over"
            process = await start_bot(fake, tmp_path, "sqlite", "", SEED + 1)

            async def recorded():
                return not (await table_state(live, played.table_id)).unrecorded

            await wait_until(recorded, timeout=60, what="the hand to reach the ledger")

            async def shown_over():
                return OVER in (await shown_on_discord(fake, live, played))[0]

            await wait_until(shown_over, timeout=30, what="the table message to show the match over")
            await fake.wait_idle(quiet=0.5)
            _, results = await shown_on_discord(fake, live, played)
        finally:
            if process is not None and process.returncode is None:
                process.send_signal(signal.SIGINT)
                await asyncio.wait_for(process.wait(), 30)
            await live.close()
    assert results == [1] * len(played.reference.records), f"result messages per hand: {results}"

"""Drawing in a worker process gives the same message (a table, a hand, a solitaire board) as drawing
here, and a refusal raised there comes back whole (its key and its parameters); a worker does not
outlive the bot."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from bot.drawing import PARENT_CHECK_SECONDS, Drawer
from bot.solitaire import desk as solitaire_desk
from bot.tables import presenter
from core.refusal import Refusal
from core.solitaire import play
from tests.bot.test_solitaire_messages import START, new_state
from tests.bot.test_table_state import started_table

pytestmark = pytest.mark.slow  # each test starts worker processes: a second or more apiece


@pytest.mark.asyncio
async def test_a_worker_process_draws_the_same_table_message_as_a_thread():
    state = started_table()
    in_process, worker = Drawer(0), Drawer(1)
    try:
        here = await in_process(presenter.table_message, state, "fr")
        there = await worker(presenter.table_message, state, "fr")
        hand_here = await in_process(presenter.hand_message, state, 0, "en", hint=True)
        hand_there = await worker(presenter.hand_message, state, 0, "en", hint=True)
    finally:
        in_process.close()
        worker.close()
    assert there == here and hand_there == hand_here
    assert there.pictures and there.pictures[0].rendered.image_png.startswith(b"\x89PNG")


@pytest.mark.asyncio
async def test_a_refusal_in_a_worker_keeps_its_parameters():
    worker = Drawer(1)
    try:
        with pytest.raises(Refusal) as refused:
            await worker(_refuse)
    finally:
        worker.close()
    assert (refused.value.key, refused.value.params) == ("broken_table", {"detail": "a damaged hand"})


def _refuse() -> None:
    raise Refusal("broken_table", detail="a damaged hand")


@pytest.mark.asyncio
async def test_a_worker_process_draws_the_same_solitaire_board_as_a_thread():
    state = new_state(seed=11)
    in_process, worker = Drawer(0), Drawer(1)
    try:
        here = await in_process(solitaire_desk._draw, state, START + 5, "fr", None, 0, True)
        there = await worker(solitaire_desk._draw, state, START + 5, "fr", None, 0, True)
    finally:
        in_process.close()
        worker.close()
    assert there == here
    message, clearing = there
    assert message.pictures and message.pictures[0].rendered.image_png.startswith(b"\x89PNG")
    assert clearing is not None and play._clears(state.game.board, clearing)  # the hint's order came back


def test_a_worker_ends_when_the_bot_is_killed():
    """SIGKILL tells no child: the worker sees its parent gone and ends by itself."""
    script = (
        "import asyncio, os, signal\n"
        "from bot.drawing import Drawer\n"
        "async def main():\n"
        "    drawer = Drawer(1)\n"
        "    print(await drawer(os.getpid), flush=True)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "asyncio.run(main())\n"
    )
    bot = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=pathlib.Path(__file__).resolve().parents[2],
    )
    assert bot.returncode == -signal.SIGKILL
    worker = int(bot.stdout.split()[0])
    deadline = time.monotonic() + 10 * PARENT_CHECK_SECONDS
    while time.monotonic() < deadline and _alive(worker):
        time.sleep(0.1)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return pathlib.Path(f"/proc/{pid}").exists() and "Z" not in _state(pid)


def _state(pid: int) -> str:
    try:
        return pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"

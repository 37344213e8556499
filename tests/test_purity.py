"""The engine stays pure: nothing in game/ imports Discord, Redis, SQLite or Pillow, or does I/O, and it
speaks no language: the words (``words``, ``bot``) are the display layer's."""

import ast
import pathlib

GAME = pathlib.Path(__file__).resolve().parent.parent / "game"
FORBIDDEN = {
    *("discord", "redis", "aiosqlite", "PIL", "sqlite3", "socket", "asyncio"),
    *("bot", "data", "render", "words", "gettext", "babel"),
}


def imported_roots(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0]


def test_game_imports_nothing_impure():
    offenders = {
        (str(path.relative_to(GAME)), root)
        for path in GAME.rglob("*.py")
        for root in imported_roots(path)
        if root in FORBIDDEN
    }
    assert offenders == set()


def test_the_check_sees_an_offender(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom PIL import Image\nfrom words.phrases import show\n")
    assert {"discord", "PIL", "words"} <= set(imported_roots(bad)) & FORBIDDEN


def test_views_and_phases_stand_apart_from_the_state_machine():
    """A view names its phase from game.phase; neither imports game.round (nor its document codecs)."""
    for name in ("view.py", "phase.py"):
        modules = {
            node.module
            for node in ast.walk(ast.parse((GAME / name).read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert not modules & {"game.round", "game.round_document"}, name

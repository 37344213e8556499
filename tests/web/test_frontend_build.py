"""The page's built files are its sources built: ``pip install .`` without Node ships the committed
``web/static/app.js`` and ``app.css``, so a rebuild from ``web/frontend/src`` must give them byte for
byte; the sprite map is the one the current tile art gives; the page's word keys are written from the
server's list."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from render.tiles import metrics
from web import build_sprites, build_words
from web.words import PAGE_WORDS
from words import LANGS, text

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "web" / "frontend"
STATIC = ROOT / "web" / "static"
BUILT = ("app.js", "app.css", "table.js", "table.css", "replay.js", "replay.css", "tournament.css")
"""The built files of every build (the solitaire's page, the table's and a hand's replay, SPEC §6, §7 and
§7.2); the Activity's bundle (Discord's SDK) is ``discord-<hash>.js`` beside them."""


def test_a_rebuild_gives_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the committed build cannot be compared with a rebuild")
    if not (FRONTEND / "node_modules").is_dir():
        pytest.skip("web/frontend/node_modules is missing: run `npm ci --prefix web/frontend` to check the build")
    subprocess.run([npm, "run", "--silent", "build", "--", str(tmp_path)], cwd=FRONTEND, check=True, timeout=300)
    built = sorted(path.name for path in tmp_path.iterdir())
    assert set(BUILT) <= set(built)
    assert [name for name in built if name not in BUILT] == [
        name for name in built if re.fullmatch(r"discord-[A-Z0-9]+\.js", name)
    ], built
    # the committed scripts and styles are exactly the built ones: no stale Activity bundle left beside them
    committed = sorted(path.name for path in STATIC.iterdir() if path.suffix in (".js", ".css"))
    assert committed == built, (
        f"web/static holds {committed}, the build gives {built}: run `npm run build --prefix web/frontend`"
    )
    for name in built:
        assert (tmp_path / name).read_bytes() == (STATIC / name).read_bytes(), (
            f"web/static/{name} is not its sources built: run `npm run build --prefix web/frontend`"
        )


@pytest.mark.parametrize(("script", "limit"), [("app.js", 20_000), ("table.js", 60_000)])
def test_the_standalone_page_does_not_load_discords_sdk(script: str, limit: int) -> None:
    """The SDK (about 150 KB) is only in the Activity's bundle, which app.js and table.js import dynamically."""
    app = (STATIC / script).read_text(encoding="utf-8")
    bundles = [path.name for path in STATIC.glob("discord-*.js")]
    assert len(bundles) == 1
    assert re.findall(r"""import\(["']\./([^"']+)["']\)""", app) == bundles
    assert not re.search(r"""(^|[;\s])import\s*["'{]|from\s*["']""", app), f"{script} statically imports another file"
    assert "DiscordSDK" not in app and "frame_id" in app
    assert (STATIC / script).stat().st_size < limit


def test_the_table_page_loads_its_own_files_and_no_inline_code() -> None:
    """table.html (SPEC §7) loads table.js, table.css and the sprite sheet, by absolute paths (it is served
    at /table/<id>), and holds no inline script or style (the page's Content-Security-Policy)."""
    html = (STATIC / "table.html").read_text(encoding="utf-8")
    assert re.findall(r'(?:src|href)="(/static/[^"]+)"', html) == [
        "/static/table.css",
        "/static/tiles.webp",
        "/static/table.js",
    ]
    assert not re.search(r"<style|\sstyle=|\son[a-z]+=|<script(?![^>]*\ssrc=)", html)


def test_the_replay_page_loads_the_tables_styles_its_own_files_and_no_inline_code() -> None:
    """replay.html (SPEC §7.2) draws the table's seats: table.css first, then its own files, by absolute
    paths (it is served at /replay/<table>/<n>); no inline script or style; and no Discord SDK."""
    html = (STATIC / "replay.html").read_text(encoding="utf-8")
    assert re.findall(r'(?:src|href)="(/static/[^"]+)"', html) == [
        "/static/table.css",
        "/static/replay.css",
        "/static/tiles.webp",
        "/static/replay.js",
    ]
    assert not re.search(r"<style|\sstyle=|\son[a-z]+=|<script(?![^>]*\ssrc=)", html)
    script = (STATIC / "replay.js").read_text(encoding="utf-8")
    assert "DiscordSDK" not in script and not re.search(r"""import\(|(^|[;\s])import\s*["'{]""", script)


def test_the_sprite_map_is_the_one_the_tile_art_gives() -> None:
    assert build_sprites.main(["--check"]) == 0


def test_the_sprite_sheet_holds_every_cell_and_stays_small() -> None:
    sheet = build_sprites.SHEET
    with Image.open(sheet) as picture:
        width, height = picture.size
    cell_width, cell_height = metrics(build_sprites.FACE_WIDTH, lift="down_right").sprite_size
    cells = len(build_sprites.sprite_keys())
    assert (width, height) == (build_sprites.COLUMNS * cell_width, -(-cells // build_sprites.COLUMNS) * cell_height)
    assert sheet.stat().st_size < 150_000


def test_the_page_asks_for_exactly_the_words_the_server_serves() -> None:
    assert build_words.main(["--check"]) == 0  # the page's keys are written from the server's list
    assert 'from "./page_words"' in (FRONTEND / "src" / "words.ts").read_text(encoding="utf-8")
    for lang in LANGS:
        for key in PAGE_WORDS:
            # served without parameters (web.words.page_words): a placeholder would not be filled
            assert "{" not in text("web", key, lang), (lang, key)


def test_stale_word_keys_are_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = tmp_path / "page_words.ts"
    monkeypatch.setattr(build_words, "WORD_KEYS", written)
    assert build_words.main(["--check"]) == 1  # none written yet
    assert build_words.main([]) == 0 and build_words.main(["--check"]) == 0
    written.write_text(written.read_text(encoding="utf-8").replace('  "page.title",\n', ""), encoding="utf-8")
    assert build_words.main(["--check"]) == 1


def test_the_table_pages_views_pass_their_node_tests() -> None:
    """The table page's pure views and helpers (web/frontend/test/*.test.ts) under Node's test runner."""
    npm = shutil.which("npm")
    if npm is None or not (FRONTEND / "node_modules").is_dir():
        pytest.skip("npm or web/frontend/node_modules is missing: run `npm ci --prefix web/frontend`")
    ran = subprocess.run([npm, "test", "--silent"], cwd=FRONTEND, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert "# fail 0" in ran.stdout and "# pass 0" not in ran.stdout

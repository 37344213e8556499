"""Run a benchmark of this checkout in a git worktree of an earlier revision, for figures side by side
in one run: the script (and the helpers it may import, ``HELPERS``) are copied into the worktree, which
gets this checkout's compiled hand modules when their sources are the same there, and the script's
``--json`` output is read back."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
COMPILED_SOURCES = ("game/hand.py", "game/hand_tables.py")
HELPERS = ("beside.py", "page_server.py")
"""The modules of benchmarks/ that a script run beside may import, copied with it: an earlier revision
may have older ones, or none."""


def run_at(revision: str, script: str, arguments: list[str]) -> Any:
    """``benchmarks/<script> --json <arguments>`` run at ``revision``: its last line, as JSON."""
    with tempfile.TemporaryDirectory() as folder:
        tree = pathlib.Path(folder) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), revision], check=True)
        try:
            same = ["git", "-C", str(ROOT), "diff", "--quiet", revision, "--", *COMPILED_SOURCES]
            if subprocess.run(same, check=False).returncode == 0:
                for compiled in [*ROOT.glob("game_hand__mypyc*.so"), *ROOT.glob("game/hand*.so")]:
                    shutil.copy(compiled, tree / compiled.relative_to(ROOT))
            for copied in (script, *HELPERS):
                shutil.copy(ROOT / "benchmarks" / copied, tree / "benchmarks" / copied)
            out = subprocess.run(
                [sys.executable, f"benchmarks/{script}", "--json", *arguments],
                cwd=tree,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            return json.loads(out.strip().splitlines()[-1])
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)

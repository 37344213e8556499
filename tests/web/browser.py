"""Debian's Chromium as the web tests and benchmarks drive it through Playwright: where it is, the
arguments it needs to run headless on these machines (found by trying; see docs/web.md), and the two
windows the page is tried in."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


def chromium_path() -> str | None:
    """The browser to launch, or None when Debian's chromium is not installed (.ci/run installs it)."""
    return str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")

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
PHONE_SMALL: dict[str, Any] = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
"""The smallest phone the page fits held upright (SPEC §7)."""

# Whether a person sees the whole of an element without scrolling: its box inside the window, and at
# points across it (corners inset, the middle, a grid) the element the browser would hit is it or inside
# it, so nothing is drawn over any part of it.
_SEEN_WHOLE = """(selector) => {
  const node = document.querySelector(selector);
  if (node === null) return "absent";
  const box = node.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return "not drawn";
  if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) {
    return `outside the window: ${JSON.stringify(box)} in ${window.innerWidth}x${window.innerHeight}`;
  }
  for (const fx of [0.02, 0.25, 0.5, 0.75, 0.98]) {
    for (const fy of [0.02, 0.25, 0.5, 0.75, 0.98]) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !(hit === node || node.contains(hit))) {
        const what = hit === null ? "nothing" : hit.outerHTML.slice(0, 80);
        return `covered at ${Math.round(x)},${Math.round(y)} by ${what}`;
      }
    }
  }
  return "seen";
}"""


def seen_whole(page: Any, selector: str) -> str:
    """``"seen"`` when the element ``selector`` is wholly in the window and nothing covers it; else why not."""
    return str(page.evaluate(_SEEN_WHOLE, selector))


def chromium_path() -> str | None:
    """The browser to launch, or None when Debian's chromium is not installed (.ci/run installs it)."""
    return str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")

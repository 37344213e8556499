"""Matching request paths to discord.py's ``Route.path`` templates.

The fake's handlers register templates written exactly as discord.py writes them; every other template
discord.py knows (read from its source) is still recognised, so an unhandled call is reported by name.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

_ROUTE_IN_SOURCE = re.compile(r"Route\(\s*'([A-Z]+)',\s*'([^']+)'")


@dataclass(frozen=True)
class Template:
    method: str
    path: str

    @functools.cached_property
    def segments(self) -> tuple[str, ...]:
        return tuple(self.path.strip("/").split("/"))

    @property
    def literal_count(self) -> int:
        return sum(1 for s in self.segments if not s.startswith("{"))

    @property
    def key(self) -> str:
        return f"{self.method} {self.path}"

    def match(self, method: str, parts: list[str]) -> dict[str, str] | None:
        if method != self.method or len(parts) != len(self.segments):
            return None
        params: dict[str, str] = {}
        for want, got in zip(self.segments, parts, strict=True):
            if want.startswith("{") and want.endswith("}"):
                params[want[1:-1]] = got
            elif want != got:
                return None
        return params


class Router:
    def __init__(self) -> None:
        self._templates: list[Template] = []

    def add(self, method: str, path: str) -> None:
        t = Template(method, path)
        if t not in self._templates:
            self._templates.append(t)
            self._templates.sort(key=lambda x: -x.literal_count)

    def resolve(self, method: str, raw_path: str) -> tuple[Template, dict[str, str]] | None:
        """The most specific template matching ``raw_path`` (relative to the API base, still quoted)."""
        parts = [unquote(p) for p in raw_path.strip("/").split("/")]
        for t in self._templates:
            params = t.match(method, parts)
            if params is not None:
                return t, params
        return None


@functools.cache
def discordpy_templates() -> tuple[tuple[str, str], ...]:
    """Every ``Route(method, path)`` in the installed discord.py (for naming calls the fake does not handle)."""
    spec = importlib.util.find_spec("discord")
    if spec is None or spec.origin is None:
        return ()
    root = Path(spec.origin).parent
    found: set[tuple[str, str]] = set()
    for name in ("http.py", "webhook/async_.py"):
        path = root / name
        if path.exists():
            found.update(_ROUTE_IN_SOURCE.findall(path.read_text(encoding="utf-8")))
    return tuple(sorted(found))

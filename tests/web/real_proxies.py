"""nginx and Caddy in front of page processes, configured by docs/web.md's own blocks ("Several
processes"): the test runs what an admin would copy, only its addresses changed (the proxy's on a loopback
port of its own, the page processes' ports for the upstreams, no TLS) and wrapped in what a whole
configuration needs (nginx's ``events`` and ``http``, Caddy's global options without its admin API)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pathlib
import re
import shutil

from benchmarks.page_server import free_port

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "web.md"
KINDS = ("nginx", "caddy")


def documented(kind: str) -> str:
    """The ``kind`` block of docs/web.md's "Several processes" section."""
    section = DOCS.read_text().split("## Several processes", 1)[1].split("\n## ", 1)[0]
    fence = {"nginx": "nginx", "caddy": "caddyfile"}[kind]
    found = re.search(rf"```{fence}\n(.*?)```", section, re.S)
    assert found is not None, f"docs/web.md's Several processes has no {fence} block"
    return found.group(1)


def nginx_config(folder: pathlib.Path, port: int, backends: list[int]) -> str:
    block = documented("nginx")
    servers = "".join(f"    server 127.0.0.1:{backend} max_fails=1 fail_timeout=2s;\n" for backend in backends)
    block = re.sub(r"(upstream \w+ \{\n)(?:    server .*\n)+", lambda m: m.group(1) + servers, block)
    block = block.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    return (
        f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
        f"http {{\naccess_log off;\n{block}}}\n"
    )


def caddy_config(port: int, backends: list[int]) -> str:
    block = documented("caddy")
    block = block.replace("mahjong.example.org {", f"http://127.0.0.1:{port} {{", 1)
    upstreams = " ".join(f"127.0.0.1:{backend}" for backend in backends)
    block = re.sub(r"reverse_proxy [^{]+\{", f"reverse_proxy {upstreams} {{", block, count=1)
    return "{\n    admin off\n}\n" + block


class RealProxy:
    """nginx or Caddy in a process of its own, in ``folder``, answering on ``start``'s port."""

    def __init__(self, kind: str, folder: pathlib.Path, backends: list[int]) -> None:
        self.kind, self.folder, self.backends = kind, folder, backends
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> int:
        """Listening on a free loopback port, which it returns: another tried if one was taken meanwhile
        (``free_port`` lets it go before the proxy binds it)."""
        self.folder.mkdir(exist_ok=True)
        for _ in range(5):
            port = free_port()
            if await self._started(port):
                return port
        raise AssertionError(f"{self.kind} did not listen: {(self.folder / 'proxy.log').read_text()}")

    async def _started(self, port: int) -> bool:
        if self.kind == "nginx":
            config = self.folder / "nginx.conf"
            config.write_text(nginx_config(self.folder, port, self.backends))
            command = ["nginx", "-p", f"{self.folder}/", "-c", str(config)]
        else:
            config = self.folder / "Caddyfile"
            config.write_text(caddy_config(port, self.backends))
            command = ["caddy", "run", "--adapter", "caddyfile", "--config", str(config)]
        environment = {**os.environ, "HOME": str(self.folder), "XDG_DATA_HOME": str(self.folder)}
        with (self.folder / "proxy.log").open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                *command, env=environment, stdout=log, stderr=log, cwd=self.folder
            )
        for _ in range(200):
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                return True
            if self.process.returncode is not None:
                said = (self.folder / "proxy.log").read_text() + _read(self.folder / "error.log")
                assert "in use" in said, said
                return False
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.kind} did not listen: {(self.folder / 'proxy.log').read_text()}")

    async def close(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            await self.process.wait()


def _read(path: pathlib.Path) -> str:
    return path.read_text() if path.exists() else ""


def installed(kind: str) -> bool:
    return shutil.which(kind) is not None

"""The deployment's settings (SPEC §4.1), read once from the environment and a ``.env`` file: what every
surface and the application's root (``core.application``) are built from.

``Settings.from_env()`` reads ``DISCORD_TOKEN`` and the optional variables (a ``.env`` file beside the
working directory is read too, without overriding the environment); each refusal names its variable.
"""

from __future__ import annotations

import ipaddress
import os
import pathlib
import re
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Origin = tuple[str, str, int]
"""A web origin as a browser's ``Origin`` header names it: its scheme, its host (in lower case; an IP
address as ``ipaddress`` writes it) and its port (the scheme's own when none is written)."""

DRAWING_PROCESSES = 1
"""The processes that draw the pictures when ``DRAWING_PROCESSES`` is not set (README's default)."""


class MissingToken(Exception):
    """No ``DISCORD_TOKEN``: the bot cannot log in."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    redis_url: str | None = None
    database_path: str = "mahjong-bot.sqlite3"
    database_url: str | None = None  # the ledgers in PostgreSQL (postgresql://…) rather than in database_path
    daily_secret: str | None = None
    guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    drawing_processes: int = DRAWING_PROCESSES  # worker processes that draw the pictures (0: this process's threads)
    start_patience: float = 120.0  # seconds a start keeps trying a store or Discord that does not answer
    metrics_port: int | None = None  # /healthz and /metrics served there (bot.health)
    metrics_host: str = "127.0.0.1"
    web_port: int | None = None  # the solitaire page (web.app) served there, beside the gateway
    web_host: str = "127.0.0.1"
    web_trusted_proxies: tuple[Network, ...] = ()  # proxies whose X-Forwarded-For names the client
    web_origins: tuple[Origin, ...] = ()  # where browsers reach the page, besides PUBLIC_URL and its own address
    # The Discord Activity (all three, or none): the page's HTTPS address and the OAuth2 client.
    public_url: str | None = None
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)

    @property
    def activity(self) -> bool:
        """Whether the solitaire is also a Discord Activity (launched from the daily post and ``/solitaire
        daily``): only with its three settings."""
        return self.public_url is not None and self.client_id is not None and self.client_secret is not None

    @property
    def page_origins(self) -> tuple[Origin, ...]:
        """The origins the page takes state-changing requests and sockets from, besides the address a
        connection reached (``web.origins``): ``WEB_ORIGINS`` and ``PUBLIC_URL``'s."""
        public = None if self.public_url is None else origin_of(self.public_url)
        return self.web_origins + (() if public is None else (public,))

    @property
    def primary(self) -> bool:
        """The process that syncs the commands and uploads the tile emojis: the one with shard 0 (or the
        only one), so several shard processes of one application never do it twice at once."""
        return self.shard_ids is None or 0 in self.shard_ids

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process holds the shard of that server (Discord's rule: its id's top bits, modulo
        the shard count); a process of all the shards holds every server."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: str | None = ".env", *, need_token: bool = True
    ) -> Settings:
        """``need_token=False``: for what runs without Discord (``mahjong-bot web``); the token may be empty."""
        values = dict(_read_env_file(env_file)) if env_file else {}
        values.update(os.environ if environ is None else environ)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token and need_token:
            raise MissingToken(
                "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, "
                "open its Bot page, press Reset Token and set DISCORD_TOKEN to it (in the environment or a .env file)."
            )
        guild = values.get("DISCORD_GUILD_ID", "").strip()
        if guild and not (guild.isascii() and guild.isdigit()):
            raise ValueError(f"DISCORD_GUILD_ID is a server id (digits), not {guild!r}")
        shard_count, shard_ids = _shards(values.get("SHARD_COUNT", "").strip(), values.get("SHARD_IDS", "").strip())
        drawing = (values.get("DRAWING_PROCESSES") or str(DRAWING_PROCESSES)).strip()
        if not (drawing.isascii() and drawing.isdigit()) or int(drawing) > 16:
            raise ValueError(f"DRAWING_PROCESSES is a number of processes from 0 to 16, not {drawing!r}")
        log_level = (values.get("LOG_LEVEL") or "INFO").strip().upper()
        if log_level not in LOG_LEVELS:
            raise ValueError(f"LOG_LEVEL is one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
        metrics_port = _port("METRICS_PORT", (values.get("METRICS_PORT") or "").strip())
        web_port = _port("WEB_PORT", (values.get("WEB_PORT") or "").strip())
        public_url, client_id, client_secret = _activity(values)
        if public_url is not None and web_port is None and need_token:
            raise ValueError("the Discord Activity (PUBLIC_URL) needs WEB_PORT: the bot's process serves its page")
        patience = (values.get("START_PATIENCE") or "120").strip()
        if not (patience.isascii() and patience.isdigit()) or int(patience) > 3600:
            raise ValueError(f"START_PATIENCE is a number of seconds from 0 to 3600, not {patience!r}")
        return cls(
            token=token,
            shard_count=shard_count,
            shard_ids=shard_ids,
            drawing_processes=int(drawing),
            redis_url=_redis_url(values.get("REDIS_URL", "").strip()),
            database_path=values.get("DATABASE_PATH", "").strip() or "mahjong-bot.sqlite3",
            database_url=_database_url(values.get("DATABASE_URL", "").strip()),
            daily_secret=values.get("MAHJONG_DAILY_SECRET") or None,
            guild_id=int(guild) if guild else None,
            log_level=log_level,
            start_patience=float(patience),
            metrics_port=metrics_port,
            metrics_host=(values.get("METRICS_HOST") or "127.0.0.1").strip(),
            web_port=web_port,
            web_host=(values.get("WEB_HOST") or "127.0.0.1").strip(),
            web_trusted_proxies=trusted_proxies(values.get("WEB_TRUSTED_PROXIES") or ""),
            web_origins=web_origins(values.get("WEB_ORIGINS") or ""),
            public_url=public_url,
            client_id=client_id,
            client_secret=client_secret,
        )


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def _port(name: str, text: str) -> int | None:
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise ValueError(f"{name} is a port number from 1 to 65535, not {text!r}")
    return int(text)


ACTIVITY_SETTINGS = ("PUBLIC_URL", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET")


def _activity(values: Mapping[str, str]) -> tuple[str | None, str | None, str | None]:
    """``PUBLIC_URL``, ``DISCORD_CLIENT_ID`` and ``DISCORD_CLIENT_SECRET``: all three (the Activity) or
    none; a partial set is refused, naming what is missing, rather than leaving the Activity half on."""
    found = {name: (values.get(name) or "").strip() for name in ACTIVITY_SETTINGS}
    missing = [name for name, value in found.items() if not value]
    if len(missing) == len(ACTIVITY_SETTINGS):
        return None, None, None
    if missing:
        raise ValueError(
            f"the Discord Activity needs {', '.join(ACTIVITY_SETTINGS)} together: {' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not set (or unset them all for no Activity)"
        )
    url, client_id = found["PUBLIC_URL"], found["DISCORD_CLIENT_ID"]
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        raise ValueError(f"PUBLIC_URL is the page's HTTPS address, like https://mahjong.example.org, not {url!r}")
    if not (client_id.isascii() and client_id.isdigit()):
        raise ValueError(f"DISCORD_CLIENT_ID is the application's id (digits), not {client_id!r}")
    return url, client_id, found["DISCORD_CLIENT_SECRET"]


def _redis_url(url: str) -> str | None:
    """``REDIS_URL`` as redis-py reads it: a scheme and, but for a socket, a host (``localhost:6379``
    alone would be read as a scheme named localhost)."""
    if not url:
        return None
    parts = urllib.parse.urlsplit(url)
    if (parts.scheme == "unix" and parts.path) or (parts.scheme in ("redis", "rediss") and parts.hostname):
        return url
    raise ValueError(f"REDIS_URL is a URL like redis://localhost:6379/0 (redis://, rediss:// or unix://), not {url!r}")


def _database_url(url: str) -> str | None:
    """``DATABASE_URL`` as asyncpg reads it, which needs its scheme (``host/db`` alone is no URL)."""
    if not url:
        return None
    if url.startswith(("postgresql://", "postgres://")):
        return url
    password = urllib.parse.urlsplit(url).password  # refused, the URL still reaches the console: not its password
    shown = url if password is None else url.replace(password, "***", 1)
    raise ValueError(f"DATABASE_URL is a URL like postgresql://user:password@host:5432/mahjong, not {shown!r}")


def _shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` (the application's shards in all) and ``SHARD_IDS`` (this process's: ``0,1`` or
    ``2-3``). Neither: one process, discord.py picks the count. Errors name the variable."""
    if not count:
        if ids:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards of all processes together")
        return None, None
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 4096:
        raise ValueError(f"SHARD_COUNT is a number of shards from 1 to 4096, not {count!r}")
    total = int(count)
    if not ids:
        return total, None
    chosen: list[int] = []
    for part in ids.split(","):
        low, _, high = part.strip().partition("-")
        if not all(bound.isascii() and bound.isdigit() for bound in (low, high or low)):
            raise ValueError(f"SHARD_IDS lists shard numbers like 0,1 or 2-3, not {ids!r}")
        chosen += range(int(low), int(high or low) + 1)
    if not chosen or any(shard >= total for shard in chosen) or len(set(chosen)) != len(chosen):
        raise ValueError(f"SHARD_IDS must name distinct shards below SHARD_COUNT={total}, not {ids!r}")
    return total, tuple(sorted(chosen))


_ENV_LINE = re.compile(r"(?:export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*)")
_QUOTED = re.compile(r"(?P<quote>['\"])(?P<value>.*?)(?P=quote)\s*(?:#.*)?")


def _read_env_file(path: str) -> list[tuple[str, str]]:
    """``NAME=value`` lines (``export`` allowed), blank lines and ``#`` comments, also after a value
    (``LOG_LEVEL=INFO  # default``); a value in quotes is taken as it is, ``#`` included. Any other line
    is refused with its number, rather than guessed at."""
    file = pathlib.Path(path)
    if not file.is_file():
        return []
    pairs = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        found = _ENV_LINE.fullmatch(line)
        value = found["value"] if found else ""
        quoted = _QUOTED.fullmatch(value) if value[:1] in ("'", '"') else None
        if found is None or (value[:1] in ("'", '"') and quoted is None):
            raise ValueError(f"line {number} of {path} is not NAME=value: {line[:60]!r}")
        pairs.append((found["name"], quoted["value"] if quoted else re.split(r"\s+#", value, maxsplit=1)[0].strip()))
    return pairs


_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(text: str) -> Origin | None:
    """The origin ``text`` names (``https://mahjong.example.org``, ``http://192.168.1.5:8080``), or None
    for anything else: a browser's ``null``, a path, a query, credentials, another scheme."""
    try:
        parts = urllib.parse.urlsplit(text.strip())
        port = parts.port
    except ValueError:  # a port that is no number, or out of range
        return None
    plain = parts.path in ("", "/") and not (parts.query or parts.fragment or parts.username or parts.password)
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname or not plain:
        return None
    return parts.scheme, host_of(parts.hostname), port or _DEFAULT_PORTS[parts.scheme]


def host_of(name: str) -> str:
    """A host as origins are compared: a name in lower case, an IP address as ``ipaddress`` writes it (an
    IPv4 address mapped into IPv6, as a dual-stack socket names its peer, as itself)."""
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return name.lower()
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return str(mapped or address)


def web_origins(text: str) -> tuple[Origin, ...]:
    """``WEB_ORIGINS``: origins, separated by commas or spaces."""
    origins = []
    for item in text.replace(",", " ").split():
        origin = origin_of(item)
        if origin is None:
            raise ValueError(
                f"WEB_ORIGINS lists the page's origins (e.g. https://mahjong.example.org, http://192.168.1.5:8080), "
                f"not {item!r}"
            )
        origins.append(origin)
    return tuple(origins)


def trusted_proxies(text: str) -> tuple[Network, ...]:
    """``WEB_TRUSTED_PROXIES``: addresses or networks, separated by commas or spaces."""
    networks = []
    for item in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(
                f"WEB_TRUSTED_PROXIES lists addresses or networks (e.g. 127.0.0.1, 172.16.0.0/12), not {item!r}"
            ) from None
    return tuple(networks)

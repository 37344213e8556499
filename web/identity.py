"""Who plays on the standalone page: a random 62-bit player id the browser keeps in a signed cookie.

The cookie ``mj_player`` is ``<id>.<signature>``, the signature an HMAC-SHA256 of the id under the
deployment's web secret (URL-safe base64, unpadded). A cookie whose signature does not verify is never
trusted: its bearer gets a new id, so a forged or altered cookie can only start a stranger's games,
never reach someone's. The secret is created once and kept in the live store (``web:secret``, written
with the store's create-if-absent), so ids survive restarts and every web process on one Redis signs
alike.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from data.live import LiveStore

COOKIE = "mj_player"
COOKIE_MAX_AGE = 365 * 24 * 3600
SECRET_KEY = "web:secret"
PLAYER_ID_BITS = 62
_SECRET_BYTES = 32
_COOKIE_VALUE = re.compile(r"([1-9][0-9]{0,18})\.([A-Za-z0-9_-]{43})")


class WebSecretError(RuntimeError):
    """The live store holds something under ``web:secret`` that is not a web secret."""


@dataclass(frozen=True, slots=True)
class Player:
    """A request's player; ``new`` when the request carried no valid cookie (the answer sets one)."""

    player_id: int
    new: bool


@dataclass(frozen=True, slots=True)
class PlayerIds:
    secret: bytes

    def signature(self, player_id: int) -> str:
        digest = hmac.new(self.secret, str(player_id).encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def cookie_value(self, player_id: int) -> str:
        return f"{player_id}.{self.signature(player_id)}"

    def verified(self, cookie: str | None) -> int | None:
        """The player id a cookie carries, if its signature is this deployment's; else None."""
        match = _COOKIE_VALUE.fullmatch(cookie or "")
        if match is None:
            return None
        player_id = int(match.group(1))
        if player_id >= 1 << PLAYER_ID_BITS:
            return None
        return player_id if hmac.compare_digest(match.group(2), self.signature(player_id)) else None

    def player(self, cookie: str | None) -> Player:
        found = self.verified(cookie)
        return Player(new_player_id(), True) if found is None else Player(found, False)


def new_player_id() -> int:
    """A random id from 1 to 2^62 - 1 (0 is nobody's)."""
    return 1 + secrets.randbelow((1 << PLAYER_ID_BITS) - 1)


async def web_secret(store: LiveStore) -> bytes:
    """The deployment's web secret: the one in the store, or a new one written there first. Two
    processes starting at once both try to create it; the store keeps the first, and both read it."""
    await store.create(SECRET_KEY, {"secret": secrets.token_hex(_SECRET_BYTES)})
    found = await store.read(SECRET_KEY)
    value = None if found is None else found.document.get("secret")
    if not isinstance(value, str) or not re.fullmatch(f"[0-9a-f]{{{2 * _SECRET_BYTES}}}", value):
        raise WebSecretError(f"the live store's {SECRET_KEY} is not a web secret: delete it to make a new one")
    return bytes.fromhex(value)

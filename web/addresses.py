"""Who sent a request: its peer, or, behind a proxy the deployment trusts, the client that proxy names.

The page's limits per address (``web.limits``) need the member's own address. Behind a reverse proxy
or a tunnel, as README puts the Activity's port, every request comes from the proxy, and a limit per
peer would be one limit for everyone. ``WEB_TRUSTED_PROXIES`` names those proxies (addresses or
networks): a request from one of them is from the address its ``X-Forwarded-For`` ends with, walked
from the right past the trusted hops (each proxy appends the peer it saw; whatever is further left
came from the client and may be forged). A request from anyone else is from its peer, whatever it
says: without the setting, nothing a request says about itself is believed.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

from core.settings import Network

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

UNKNOWN = "unknown"  # a peer aiohttp could not name (a Unix socket): one shared bucket


def client_address(peer: str | None, forwarded_for: Iterable[str], trusted: Sequence[Network]) -> str:
    """The address a request is limited by: ``peer``, or behind trusted proxies the client they name."""
    if peer is None:
        return UNKNOWN
    nearest = _address(peer)
    if nearest is None or not _within(nearest, trusted):
        return peer
    hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break  # not what a proxy writes: the client's own text from here on
        nearest = address
        if not _within(address, trusted):
            break
    return str(nearest)


def forwarded_secure(peer: str | None, forwarded_proto: Iterable[str], trusted: Sequence[Network]) -> bool:
    """Whether a trusted proxy says it reached the client over HTTPS (``X-Forwarded-Proto``, the nearest
    proxy's word: the last value). A request from anyone else proves nothing by saying so."""
    nearest = None if peer is None else _address(peer)
    if nearest is None or not _within(nearest, trusted):
        return False
    said = [value.strip().lower() for header in forwarded_proto for value in header.split(",")]
    return bool(said) and said[-1] == "https"


def _address(text: str) -> Address | None:
    try:
        return ipaddress.ip_address(text.strip().removeprefix("[").removesuffix("]"))
    except ValueError:
        return None


def _within(address: Address, trusted: Sequence[Network]) -> bool:
    return any(address in network for network in trusted)

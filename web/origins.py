"""Which browsers' requests may change something: the page's own origins, never a request's own ``Host``.

A page on another site may make a browser send a request to the page's server (a form, a fetch, a
socket): the browser says where the page came from in ``Origin`` (and ``Sec-Fetch-Site``). Comparing
``Origin`` with the request's ``Host`` tells nothing when the other site's name resolves to the server's
address (DNS rebinding: ``Host: evil.example`` and ``Origin: http://evil.example`` agree), so the origins
taken are the deployment's own:

- those it is configured with: ``WEB_ORIGINS`` and ``PUBLIC_URL``'s (``core.settings.Settings.page_origins``),
  and, with the Activity on, Discord's frame of it (``https://<client id>.discordsays.com``);
- the address the connection reached, written as an address: ``http://127.0.0.1:8080``,
  ``http://192.168.1.5:8080`` (the port the server is bound to, whatever it is), and
  ``http://localhost:<port>`` on a loopback address. A rebinding page's origin names its own host, never
  the server's address, so these are the page's own.

A request with no ``Origin`` (a command-line client, a browser's typed address or bookmark) is taken, as
a browser always sends one with a POST, a cross-origin fetch and a socket's handshake.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable, Iterable

from aiohttp import hdrs, web

from core.settings import Origin, host_of, origin_of

log = logging.getLogger(__name__)

HINT_EVERY = 60.0
"""At most one line a minute says that an origin naming the address it was sent to was refused."""


class Origins:
    """The origins the page takes (``allows``), over those the deployment is configured with."""

    def __init__(self, listed: Iterable[Origin], clock: Callable[[], float] = time.monotonic) -> None:
        self._listed = frozenset(listed)
        self._clock = clock
        self._hinted_at = -HINT_EVERY

    def allows(self, request: web.Request) -> bool:
        """Whether the request has no ``Origin`` or one of the page's own. A browser's ``Sec-Fetch-Site``
        is read too: a link or a form on another site sends no ``Origin`` with a GET, but says
        ``cross-site`` there."""
        if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            return False
        shown = request.headers.get(hdrs.ORIGIN)
        if shown is None:
            return True
        origin = origin_of(shown)
        if origin is None:
            return False
        if origin in self._listed or origin in _reached(request):
            return True
        self._say_what_to_set(request, origin)
        return False

    def _say_what_to_set(self, request: web.Request, origin: Origin) -> None:
        """A refused origin that names the very host the request was sent to is a page served from this
        server under a name the deployment was not told of (or a rebinding page): say once a minute what
        to set, quoting nothing the client wrote."""
        scheme, host, port = origin
        asked = origin_of(f"{scheme}://{request.host}")
        if asked != (scheme, host, port) or self._clock() < self._hinted_at + HINT_EVERY:
            return
        self._hinted_at = self._clock()
        log.info(
            "a browser's request was refused: its page's origin is the address it was sent to, which is not one"
            " of the page's (list the addresses browsers reach the page at in WEB_ORIGINS, or set PUBLIC_URL)"
        )


def _reached(request: web.Request) -> frozenset[Origin]:
    """The origins of the address the request's connection reached: the address itself, and
    ``localhost`` when it is a loopback address."""
    transport = request.transport
    local = None if transport is None else transport.get_extra_info("sockname")
    if not isinstance(local, tuple) or len(local) < 2:  # a Unix socket: no address to be reached at
        return frozenset()
    host, port = host_of(str(local[0])), int(local[1])
    reached = {("http", host, port)}
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if loopback:
        reached.add(("http", "localhost", port))
    return frozenset(reached)

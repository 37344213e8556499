"""``web.origins`` on requests as aiohttp builds them: the address a connection reached (IPv4, IPv6, an
IPv4 address mapped into IPv6 on a dual-stack socket, loopback's ``localhost``), the deployment's listed
origins, and what is never one (another port, another scheme, ``null``, a path, a cross-site fetch)."""

from __future__ import annotations

from unittest import mock

import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from core.settings import origin_of
from web.origins import Origins


def request(origin: str | None, reached: tuple[str, int] | None, **headers: str) -> web.Request:
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: reached if name == "sockname" else default
    if origin is not None:
        headers["Origin"] = origin
    return make_mocked_request("POST", "/table/new", headers=headers, transport=transport)


LISTED = Origins([("https", "mahjong.example.org", 443)])


@pytest.mark.parametrize(
    ("origin", "reached"),
    [
        (None, ("127.0.0.1", 8080)),  # no browser's page
        ("http://127.0.0.1:8080", ("127.0.0.1", 8080)),
        ("http://localhost:8080", ("127.0.0.1", 8080)),
        ("http://LOCALHOST:8080", ("127.0.0.1", 8080)),
        ("http://[::1]:8080", ("::1", 8080, 0, 0)),
        ("http://localhost:8080", ("::1", 8080, 0, 0)),
        ("http://192.168.1.5:8080", ("::ffff:192.168.1.5", 8080, 0, 0)),  # a dual-stack socket's IPv4 client
        ("http://192.168.1.5", ("192.168.1.5", 80)),  # the scheme's own port, unwritten
        ("https://mahjong.example.org", ("127.0.0.1", 8080)),  # behind its proxy
        ("https://mahjong.example.org:443/", ("127.0.0.1", 8080)),
    ],
)
def test_the_deployments_own_origins_are_taken(origin: str | None, reached: tuple[str, int]) -> None:
    assert LISTED.allows(request(origin, reached))


@pytest.mark.parametrize(
    ("origin", "reached"),
    [
        ("http://evil.example:8080", ("127.0.0.1", 8080)),  # a rebinding page, whatever its Host says
        ("http://127.0.0.1:8081", ("127.0.0.1", 8080)),
        ("https://127.0.0.1:8080", ("127.0.0.1", 8080)),
        ("http://localhost:8080", ("192.168.1.5", 8080)),  # localhost only on a loopback address
        ("http://mahjong.example.org", ("127.0.0.1", 8080)),  # the listed one is https
        ("null", ("127.0.0.1", 8080)),
        ("http://127.0.0.1:8080/page", ("127.0.0.1", 8080)),
        ("http://127.0.0.1:99999", ("127.0.0.1", 8080)),
        ("http://127.0.0.1:8080", None),  # a Unix socket: no address reached
    ],
)
def test_anything_else_is_refused(origin: str, reached: tuple[str, int] | None) -> None:
    assert not LISTED.allows(request(origin, reached, Host="evil.example:8080"))


def test_a_cross_site_fetch_is_refused_even_without_an_origin() -> None:
    assert not LISTED.allows(request(None, ("127.0.0.1", 8080), **{"Sec-Fetch-Site": "cross-site"}))
    assert LISTED.allows(request(None, ("127.0.0.1", 8080), **{"Sec-Fetch-Site": "none"}))


def test_an_origin_is_read_as_browsers_write_it() -> None:
    assert origin_of("https://Mahjong.Example.org") == ("https", "mahjong.example.org", 443)
    assert origin_of("http://[::ffff:127.0.0.1]:8080") == ("http", "127.0.0.1", 8080)
    for text in ("null", "", "mahjong.example.org", "ws://a.example", "https://user@a.example", "https://a.example?x"):
        assert origin_of(text) is None, text

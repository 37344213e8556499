"""Whose address a request is limited by: its peer, or behind a trusted proxy the client it names."""

from __future__ import annotations

import pytest

from core.settings import trusted_proxies
from web.addresses import UNKNOWN, client_address

PROXIES = trusted_proxies("127.0.0.1, 172.16.0.0/12 ::1")


def test_the_setting_reads_addresses_and_networks_and_names_what_it_cannot() -> None:
    assert [str(network) for network in PROXIES] == ["127.0.0.1/32", "172.16.0.0/12", "::1/128"]
    assert trusted_proxies("") == ()
    with pytest.raises(ValueError, match=r"WEB_TRUSTED_PROXIES .* not 'proxy\.local'"):
        trusted_proxies("127.0.0.1 proxy.local")


def test_a_request_from_anyone_else_is_its_peer_whatever_it_says() -> None:
    assert client_address("203.0.113.7", ["198.51.100.1"], PROXIES) == "203.0.113.7"
    assert client_address("203.0.113.7", [], ()) == "203.0.113.7"
    assert client_address("127.0.0.1", ["198.51.100.1"], ()) == "127.0.0.1"  # no proxy trusted: none believed
    assert client_address(None, ["198.51.100.1"], PROXIES) == UNKNOWN


def test_behind_trusted_proxies_the_client_is_the_rightmost_untrusted_hop() -> None:
    assert client_address("127.0.0.1", ["198.51.100.1"], PROXIES) == "198.51.100.1"
    # what the client wrote itself is to the left of what the proxies appended: never believed
    assert client_address("127.0.0.1", ["10.9.9.9, 198.51.100.1, 172.17.0.3"], PROXIES) == "198.51.100.1"
    assert client_address("127.0.0.1", ["10.9.9.9", "198.51.100.1"], PROXIES) == "198.51.100.1"  # two headers
    assert client_address("::1", ["[2001:db8::5]"], PROXIES) == "2001:db8::5"


def test_a_chain_of_trusted_hops_or_a_garbled_one_stops_at_the_last_address_a_proxy_wrote() -> None:
    assert client_address("127.0.0.1", ["172.17.0.2, 172.17.0.3"], PROXIES) == "172.17.0.2"
    assert client_address("127.0.0.1", ["anything, 172.17.0.3"], PROXIES) == "172.17.0.3"
    assert client_address("127.0.0.1", [], PROXIES) == "127.0.0.1"

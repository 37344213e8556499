"""The page's API on the real embedded stores under a fake clock (``tests.web.test_api.open_site``), for
every test of the page's server that takes ``site``."""

from __future__ import annotations

import pathlib
from collections.abc import AsyncIterator

import pytest_asyncio

from tests.web.test_api import Site, open_site


@pytest_asyncio.fixture
async def site(tmp_path: pathlib.Path) -> AsyncIterator[Site]:
    opened = await open_site(tmp_path)
    try:
        yield opened
    finally:
        await opened.close()

"""The page's API on the real embedded stores under a fake clock (``tests.web.test_api.open_site``), for
every test of the page's server that takes ``site``; and Debian's Chromium, launched once for each module
of browser tests that takes ``browser`` (each such module skips itself where Chromium or Playwright is
missing)."""

from __future__ import annotations

import pathlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from tests.web.browser import LAUNCH_ARGS, chromium_path
from tests.web.test_api import Site, open_site


@pytest_asyncio.fixture
async def site(tmp_path: pathlib.Path) -> AsyncIterator[Site]:
    opened = await open_site(tmp_path)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=chromium_path(), headless=True, args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()

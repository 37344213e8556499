"""The web games nobody plays are dropped: anyone may open games on the web boards (each answer without a
cookie starts one), so those shown and never played, and those nobody touches any more, do not pile up.
"""

from __future__ import annotations

import asyncio
import logging

from core.solitaire.service import SolitaireService
from data.live import StoreError
from web.guard import WEB_GUILD

log = logging.getLogger(__name__)

UNPLAYED_SECONDS = 3600.0
"""A web game shown and never played is dropped after this long."""
UNTOUCHED_SECONDS = 30 * 86400.0
"""A web game nobody has touched for this long is dropped (finished and recorded first if it was played)."""
SWEEP_SECONDS = 600.0


async def sweep(service: SolitaireService) -> None:
    """Drop the web games nobody plays (``UNPLAYED_SECONDS``, ``UNTOUCHED_SECONDS``), every
    ``SWEEP_SECONDS``, for as long as it runs."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            dropped = await service.expire(WEB_GUILD, UNPLAYED_SECONDS, UNTOUCHED_SECONDS)
        except StoreError as error:
            log.warning("the web games could not be swept: %s", error)
            continue
        if dropped:
            log.info("dropped %d web games nobody played or touched", dropped)

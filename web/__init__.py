"""The solitaire in a browser (SPEC §6): an aiohttp application over the same solitaire service as the
Discord surface (``web.app``), its player ids (``web.identity``), the JSON of a game (``web.views``),
its rate limits (``web.limits``) and the words the page reads (``web.words``). Nothing here imports
Discord: ``mahjong-bot web`` serves it alone, and the bot's process may serve it beside the gateway."""

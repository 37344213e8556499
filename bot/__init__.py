"""The application shell: the Discord bot and the ``mahjong-bot`` command line."""

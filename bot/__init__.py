"""The Discord surface: the bot's commands, buttons, messages and pictures, composed with the page by the root
(``cli/``)."""

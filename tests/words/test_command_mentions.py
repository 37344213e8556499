"""A message that names a slash command names it as the reader's Discord shows it: ``/mahjong new`` in
English, ``/mahjong nouvelle`` in French, ``/麻雀 開枱`` in Chinese."""

from __future__ import annotations

import re

import pytest

from tests.words.catalogs import texts
from words import LANGS, text

GROUPS = ("mahjong", "solitaire")
MENTION = re.compile(r"/(\S+) ([^\s`」，。：）().,;:!?]+)")


def _names(lang: str) -> set[str]:
    """Every command, subcommand and option name in ``lang`` (the catalog's one-word entries)."""
    return {text("commands", key, lang) for key in texts("commands") if re.fullmatch(r"[a-z_-]+", key)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_a_message_names_is_named_in_the_readers_language(lang):
    groups = {text("commands", group, lang) for group in GROUPS}
    names = _names(lang)
    mentions = [
        (key, found.groups())
        for domain in ("messages", "help")
        for key, forms in texts(domain, lang).items()
        for form in forms
        for found in MENTION.finditer(form)
        if found.group(1) in groups | set(GROUPS)
    ]
    assert len(mentions) > 10
    wrong = [(key, group, name) for key, (group, name) in mentions if group not in groups or name not in names]
    assert wrong == [], wrong

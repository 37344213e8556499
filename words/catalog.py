"""Reading the compiled catalogs: a message by domain, key and language, with its plural forms.

A message missing from a language's catalog falls back to English (the checks in
``tests/words`` keep every catalog complete, so this only guards a release against a crash); a key
missing from the English catalog too is a bug and raises ``MissingWord``: the raw key is never shown.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

# A language is a catalog's locale code, as its folder under words/locales is named.
Lang = str

LOCALES = Path(__file__).with_name("locales")
DEFAULT_LANG: Lang = "en"
LANGS: tuple[Lang, ...] = (DEFAULT_LANG, *sorted(p.name for p in LOCALES.iterdir() if p.is_dir() and p.name != "en"))
DOMAINS: tuple[str, ...] = tuple(sorted(p.stem for p in (LOCALES / DEFAULT_LANG / "LC_MESSAGES").glob("*.po")))

# Discord locales that read another catalog until they have their own (Simplified Chinese readers
# read Traditional Chinese far better than English).
_STAND_INS: dict[str, Lang] = {"zh_CN": "zh_TW"}


class MissingWord(LookupError):
    """A key that no catalog has, not even the English one: a bug in the caller or the catalogs."""


def lang_of(locale: object) -> Lang:
    """The catalog for a Discord locale (``fr``, ``zh-TW``, ``en-US`` …): its own, its language's, or English."""
    code = str(getattr(locale, "value", locale)).replace("-", "_")
    if code in LANGS:
        return code
    if _STAND_INS.get(code) in LANGS:
        return _STAND_INS[code]
    language = code.split("_", 1)[0].lower()
    return language if language in LANGS else DEFAULT_LANG


# What a catalog answers for a key it lacks (a .mo cannot hold a NUL in a text): gettext's own answer,
# the key itself, would make a text equal to its key (the ``commands`` catalog's) look missing.
_ABSENT = "\0absent"


class _Absent(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return _ABSENT

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _ABSENT


@cache
def _catalog(domain: str, lang: Lang) -> gettext.NullTranslations:
    try:
        found = gettext.translation(domain, LOCALES, languages=[lang])
    except FileNotFoundError:
        return _Absent()
    found.add_fallback(_Absent())
    return found


# Every template found, by (domain, key, lang): a click looks up a hundred or more.
_TEMPLATES: dict[tuple[str, str, Lang], str] = {}


def template(domain: str, key: str, lang: Lang) -> str:
    """The unfilled text of ``key`` in ``lang`` (or English); ``MissingWord`` when no catalog has it."""
    try:
        return _TEMPLATES[domain, key, lang]
    except KeyError:
        pass
    for source in (lang, DEFAULT_LANG) if lang != DEFAULT_LANG else (lang,):
        found = _catalog(domain, source).gettext(key)
        if found != _ABSENT:
            _TEMPLATES[domain, key, lang] = found
            return found
    raise MissingWord(f"{domain}:{key}")


def plural_template(domain: str, key: str, count: int, lang: Lang) -> str:
    """The unfilled form of the plural entry ``key`` for ``count``; ``MissingWord`` when there is none."""
    for source in (lang, DEFAULT_LANG) if lang != DEFAULT_LANG else (lang,):
        found = _catalog(domain, source).ngettext(key, key, count)
        if found != _ABSENT:
            return found
    raise MissingWord(f"{domain}:{key}")


def text(domain: str, key: str, lang: Lang, /, **params: Any) -> str:
    """The message ``key`` of ``domain`` in ``lang``, its ``{placeholders}`` filled from ``params``."""
    return template(domain, key, lang).format(**params)


def plural(domain: str, key: str, count: int, lang: Lang, /, **params: Any) -> str:
    """The form of ``key`` for ``count`` in ``lang`` (one form in Chinese, ``n > 1`` in French), ``{n}`` filled."""
    return plural_template(domain, key, count, lang).format(n=count, **params)

"""Every word a member or an admin reads, from gettext catalogs, one per language and area.

A language is a catalog's locale code (``en``, ``fr``, ``zh_TW``): adding one is adding its folder
under ``words/locales``. Messages are looked up by key (``table_full``), never by their English text,
so the English is a catalog like the others. The sources are the ``.po`` files; the bot reads the
compiled ``.mo`` with the standard library's ``gettext`` (``make catalogs`` compiles them with Babel).
"""

from words.catalog import (
    DEFAULT_LANG,
    DOMAINS,
    LANGS,
    Lang,
    MissingWord,
    lang_of,
    plural,
    text,
)

__all__ = ["DEFAULT_LANG", "DOMAINS", "LANGS", "Lang", "MissingWord", "lang_of", "plural", "text"]

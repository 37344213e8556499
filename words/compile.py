"""Compile every ``.po`` catalog into the ``.mo`` the bot reads, with Babel: ``make catalogs``.

``--check`` compiles in memory and exits 1 when a committed ``.mo`` differs from its ``.po``
(a catalog edited and not compiled), listing them; the tests run it. Babel is a development tool
here: the bot itself reads the ``.mo`` files with the standard library's ``gettext``.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from words.catalog import LOCALES

_NO_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of one catalog (fuzzy entries left out, as gettext does)."""
    with po.open("rb") as source:
        catalog = read_po(source, abort_invalid=True)
    # Babel dates a catalog without a POT-Creation-Date "now": a fixed date keeps the .mo reproducible.
    catalog.creation_date = _NO_DATE
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def catalogs() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m words.compile", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a .mo is stale")
    check = parser.parse_args(argv).check
    stale = []
    for po in catalogs():
        mo, data = po.with_suffix(".mo"), compiled(po)
        if mo.exists() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not check:
            mo.write_bytes(data)
    for mo in stale:
        print(f"{'stale' if check else 'compiled'}: {mo.relative_to(LOCALES.parent.parent)}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

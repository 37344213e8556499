"""Export the page's word keys to its script: ``python -m web.build_words``.

``web.words.PAGE_WORDS`` is the one list of the ``web`` catalog's keys the page shows: the server serves
those (``GET /api/words``), and the page's script reads them from ``web/frontend/src/page_words.ts``,
written from it (commit it; then rebuild the page, ``npm run build --prefix web/frontend``), so a word
the page asks for that the server does not serve is a type error there. ``--check`` writes nothing and
exits 1 when the committed file is not the one the list gives.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from web.words import PAGE_WORDS

WORD_KEYS = Path(__file__).resolve().parent / "frontend" / "src" / "page_words.ts"


def word_keys_source() -> str:
    keys = "".join(f"  {json.dumps(key)},\n" for key in PAGE_WORDS)
    return (
        "// Written by `python -m web.build_words` from web/words.py's PAGE_WORDS: do not edit.\n"
        f"export const PAGE_WORD_KEYS = [\n{keys}] as const;\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.build_words", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed word keys are stale")
    args = parser.parse_args(argv)
    source = word_keys_source()
    if args.check:
        if not WORD_KEYS.exists() or WORD_KEYS.read_text(encoding="utf-8") != source:
            print(f"{WORD_KEYS} is stale: run python -m web.build_words", file=sys.stderr)
            return 1
        return 0
    WORD_KEYS.write_text(source, encoding="utf-8")
    print(f"{WORD_KEYS.name}: {len(PAGE_WORDS)} keys")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The scoring patterns' names for the statistics, by the stable keys the ledger keeps (``dragon_pung``,
``house_no_chows``…). The scorers name each line of a breakdown with its tile (“Pung of Red dragon”);
a statistic counts a pattern over many hands, so it needs the pattern's own name, without a tile: the
``patterns`` catalog has them. The classic house rules carry their names already (phrases of the
``engine`` catalog), and are read from them."""

from __future__ import annotations

from game.scoring.house import HOUSE_RULES
from words import Lang, MissingWord, text
from words.phrases import show

_HOUSE = "house_"


def pattern_name(key: str, lang: Lang) -> str:
    """The pattern's name; a key this release does not know (a newer release's) shows as words."""
    rule = HOUSE_RULES.get(key.removeprefix(_HOUSE)) if key.startswith(_HOUSE) else None
    if rule is not None:
        return show(rule.label, lang)
    try:
        return text("patterns", key, lang)
    except MissingWord:
        return key.replace("_", " ")

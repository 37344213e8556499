"""Score hands with Kajongg (KDE, GPL-2.0), run as an external tool under the system python3.

This script only calls Kajongg's public objects (rulesets, ``PlayingGame``, ``Hand``); none of Kajongg's
code is copied into the project. It is started by ``benchmarks/classic_crosscheck.py`` with Kajongg's
module directory on ``PYTHONPATH`` and ``QT_QPA_PLATFORM=offscreen``.

Usage: ``python3 kajongg_oracle.py dmjl|bmja [--keep-limits | --removed]``. Reads one JSON object per line on stdin,
``{"seat": 0-3, "round": 0-3, "hands": ["<Kajongg hand string>", ...]}``, and prints one JSON line per
input, ``{"results": [{"won", "points", "doubles", "limits", "rules": [[name, meld, points, doubles,
limits], ...]}, ...]}``: the rules Kajongg applied to each hand, the meld a rule scored (or null).

By default the rules worth a limit are removed from the ruleset and the roof is off, so that every
hand is scored item by item (points and doubles) instead of being replaced by a limit; ``--keep-limits``
keeps the ruleset as published; ``--removed`` prints the names of the removed rules (one JSON list)
and exits.
"""

import json
import sys

from hand import Hand
from player import Players
from predefined import ClassicalChineseBMJA, ClassicalChineseDMJL
from wind import Wind

# Kajongg's game.py (from PYTHONPATH), not the project's package, which this python does not see.
from game import PlayingGame

RULESETS = {"dmjl": ClassicalChineseDMJL, "bmja": ClassicalChineseBMJA}


def without_limits(base, removed):
    """A ruleset class like ``base`` whose limit rules are gone (their names go to ``removed``) and whose
    scores are not capped."""

    class ItemisedRuleset(base):
        def loadRules(self):
            base.loadRules(self)
            for rules in (self.mjRules, self.winnerRules, self.handRules, self.meldRules):
                for rule in list(rules):
                    if rule.score.limits:
                        removed.append(rule.name)
                        del rules[rule.key()]
            self.parameterRules["roofOff"].parameter = True

    return ItemisedRuleset


def make_game(ruleset_class):
    Players.createIfUnknown = str
    ruleset = ruleset_class()
    ruleset.load()
    game = PlayingGame([(wind, str(wind.char)) for wind in Wind.all4], ruleset)
    for player, wind in zip(game.players, Wind.all4, strict=True):
        player.wind = wind
    return game


def score(game, seat, round_index, string):
    game.roundsFinished = round_index
    player = game.players[seat]
    game.winner = player
    # Kajongg caches hands by their string alone; the round wind is not part of it.
    player.handCache.clear()
    hand = Hand(player, string)
    rules = [
        [
            used.rule.name,
            str(used.meld) if used.meld is not None else None,
            used.rule.score.points,
            used.rule.score.doubles,
            used.rule.score.limits,
        ]
        for used in hand.usedRules
    ]
    return {
        "won": bool(hand.won),
        "points": hand.score.points,
        "doubles": hand.score.doubles,
        "limits": hand.score.limits,
        "rules": rules,
    }


def main():
    name = sys.argv[1]
    ruleset_class = RULESETS[name]
    removed = []
    if "--keep-limits" not in sys.argv[2:]:
        ruleset_class = without_limits(ruleset_class, removed)
    game = make_game(ruleset_class)
    if "--removed" in sys.argv[2:]:
        sys.stdout.write(json.dumps(removed) + "\n")
        return
    for line in sys.stdin:
        request = json.loads(line)
        results = [score(game, request["seat"], request["round"], string) for string in request["hands"]]
        sys.stdout.write(json.dumps({"results": results}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

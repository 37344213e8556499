"""The teacher: plays exactly as the strong player and says why, in one sentence.

The sentences put seed 000's tips in words: lone honours first, then terminals; count the tiles still
out there; a tile whose copies are visible is dead; defend late with the leader's own discards; claim
with a purpose; keep the honour pairs that score. At a Hong Kong table every discard also names the
plan that meets the table's minimum ("aiming at mixed one suit in Circles (3 fan): 2 tiles from
ready"). ``TeacherPlayer.advise(view)`` gives the choice and its explanation, for a seat a learner
watches; ``explain_discard`` words the hints of ``game.hints``. A sentence is a phrase of the
``engine`` catalog (keys ``teacher.…``), its parts nested phrases: the display layer says it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.actions import Action
from game.phrases import Phrase, PhraseParam, and_list, phrase
from game.players.evaluation import Plan, PlanValue
from game.players.strong import Decision, DiscardOption, Motive, decide
from game.tiles import Tile
from game.view import SeatView


@dataclass(frozen=True, slots=True)
class Advice:
    action: Action
    reason: Phrase


class TeacherPlayer:
    name = "teacher"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return decide(view).action

    def advise(self, view: SeatView) -> Advice:
        decision = decide(view)
        return Advice(decision.action, explain(decision))


RISKY = 0.05  # a discard with this chance of dealing in is flagged as risky

_SUITS = (phrase("suit.m"), phrase("suit.p"), phrase("suit.s"))


def plan_name(plan: Plan) -> Phrase:
    """The plan in words: "one suit (Circles) with honours", "all pungs"…"""
    if plan.kind == "pungs":
        return phrase("teacher.plan.all_pungs")
    if plan.kind == "free":
        return phrase("teacher.plan.any_hand")
    assert plan.suit is not None
    suit = _SUITS[plan.suit]
    if plan.kind == "mixed":
        return phrase("teacher.plan.one_suit_with_honours", suit=suit)
    return phrase("teacher.plan.one_suit_no_honours", suit=suit)


def hongkong_plan_name(value: PlanValue) -> Phrase:
    """A Hong Kong plan in words, with what it needs to meet the minimum: "mixed one suit in Circles",
    "a pung of Red Dragon and a concealed hand, won by self-draw"…"""
    plan = value.plan
    parts: list[Phrase] = []
    if plan.kind in ("mixed", "pure"):
        assert plan.suit is not None
        key = "teacher.plan.mixed_one_suit" if plan.kind == "mixed" else "teacher.plan.pure_one_suit"
        parts.append(phrase(key, suit=_SUITS[plan.suit]))
    elif plan.kind == "pungs":
        parts.append(phrase("teacher.plan.all_pungs"))
    if len(plan.pungs_of) == 1:
        parts.append(phrase("teacher.plan.pung_of", tile=plan.pungs_of[0]))
    elif plan.pungs_of:
        parts.append(phrase("teacher.plan.pungs_of", tiles=and_list(*plan.pungs_of)))
    if value.concealed:
        parts.append(phrase("teacher.plan.concealed"))
    if not parts:
        parts.append(phrase("teacher.plan.any_hand"))
    name = parts[0] if len(parts) == 1 else and_list(*parts)
    return phrase("teacher.plan.self_drawn", plan=name) if value.self_drawn else name


def aim(value: PlanValue) -> Phrase:
    """Where a Hong Kong hand is heading, as a sentence: "The hand aims at all pungs (3 fan): 2 tiles
    from ready." """
    if value.expected <= 0:
        return phrase("teacher.aim.out_of_reach")
    assert value.fan is not None  # a Hong Kong plan's
    return phrase("teacher.aim", plan=hongkong_plan_name(value), fan=value.fan, away=_away(value.distance))


def _tiles(count: int) -> Phrase:
    return phrase("teacher.tiles", count=count)


def _away(shanten: int) -> Phrase:
    if shanten <= 0:
        return phrase("teacher.ready")
    return phrase("teacher.tiles_from_ready", count=shanten)


def explain_discard(option: DiscardOption, motive: Motive | None) -> Phrase:
    """Why discarding ``option.tile`` is played, for ``motive``; None describes a discard that is not
    the best one (what it leaves, and its risk when it has one)."""
    useful = _tiles(option.useful)
    keeps = phrase("teacher.keeps", away=_away(option.shanten), useful=useful, kinds=len(option.useful_kinds))
    if option.best.fan is None:
        return _explain_discard(option, motive, keeps, useful)
    # Hong Kong: the sentence, then the plan that meets the minimum.
    if motive is Motive.PLAN:
        fits = option.best.plan.kind not in ("mixed", "pure") or _allowed_by(option.best.plan, option.tile)
        key = "teacher.discard.least_needed" if fits else "teacher.discard.off_plan"
        sentence = phrase(key, tile=option.tile)
    else:
        sentence = _explain_discard(option, motive, keeps, useful)
    return phrase("teacher.with_aim", sentence=sentence, aim=aim(option.best))


def _allowed_by(plan: Plan, tile: Tile) -> bool:
    """Whether a one-suit plan keeps ``tile``."""
    if tile >= 27:
        return plan.kind == "mixed"
    return tile // 9 == plan.suit


# The discard sentences that say only the tile and what the hand keeps, by motive.
_DISCARD_KEYS = {
    Motive.ISOLATED_HONOUR: "teacher.discard.isolated_honour",
    Motive.ISOLATED_TERMINAL: "teacher.discard.isolated_terminal",
    Motive.DEAD_TILE: "teacher.discard.dead_tile",
    Motive.KEEP_SCORING_PAIR: "teacher.discard.keep_scoring_pair",
    Motive.DEFEND_GENBUTSU: "teacher.discard.defend_genbutsu",
    Motive.DEFEND_SAFE: "teacher.discard.defend_safe",
    Motive.SECOND_STEP: "teacher.discard.second_step",
}


def _explain_discard(option: DiscardOption, motive: Motive | None, keeps: Phrase, useful: Phrase) -> Phrase:
    tile = option.tile
    if motive is Motive.READY:
        return phrase("teacher.discard.ready", tile=tile, useful=useful)
    if motive in _DISCARD_KEYS:
        return phrase(_DISCARD_KEYS[motive], tile=tile, keeps=keeps)
    if motive is Motive.PLAN:
        plan = plan_name(option.best.plan)
        return phrase("teacher.discard.plan", tile=tile, plan=plan, count=option.best.distance)
    if motive is None:
        risky = option.risk.chance >= RISKY
        return phrase("teacher.discarding.risky" if risky else "teacher.discarding", tile=tile, keeps=keeps)
    return phrase("teacher.discard.most_useful", tile=tile, keeps=keeps)


# The sentences of the other decisions, by motive: each names the tile in question.
_DECISION_KEYS = {
    Motive.CLAIM_WIN: "teacher.claim.win",
    Motive.SCORING_PUNG: "teacher.claim.scoring_pung",
    Motive.CLAIM_READY: "teacher.claim.ready",
    Motive.CLAIM_PROGRESS: "teacher.claim.progress",
    Motive.PASS_BELOW_MINIMUM: "teacher.pass.below_minimum",
    Motive.PASS_CONCEALED: "teacher.pass.concealed",
    Motive.PASS: "teacher.pass",
}


def explain(decision: Decision) -> Phrase:
    """The decision in one sentence."""
    motive = decision.motive
    if decision.options and motive not in _NOT_DISCARDS:
        return explain_discard(decision.options[0], motive)
    if motive is Motive.WIN:
        return phrase("teacher.win")
    if motive is Motive.CALL:
        return phrase("teacher.call")
    # The other decisions are about a tile (the claimed one, or the kong's); "" only if a caller
    # forgot it, which the sentence then shows as a gap rather than a crash.
    tile: PhraseParam = decision.tile if decision.tile is not None else ""
    if motive is Motive.CLAIM_PLAN:
        return phrase("teacher.claim.plan", tile=tile, plan=_plan_of(decision.plan))
    if motive in _DECISION_KEYS:
        return phrase(_DECISION_KEYS[motive], tile=tile)
    return phrase("teacher.kong", tile=tile)


_NOT_DISCARDS = frozenset({Motive.KONG})


def _plan_of(value: PlanValue | None) -> Phrase:
    if value is not None and value.fan is not None:
        return hongkong_plan_name(value)
    return plan_name(value.plan) if value is not None else plan_name(Plan("free"))

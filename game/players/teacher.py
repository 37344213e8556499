"""The teacher: plays exactly as the strong player and says why, in one sentence (English and French).

The sentences put seed 000's tips in words: lone honours first, then terminals; count the tiles still
out there; a tile whose copies are visible is dead; defend late with the leader's own discards; claim
with a purpose; keep the honour pairs that score. At a Hong Kong table every discard also names the
plan that meets the table's minimum ("aiming at mixed one suit in Circles (3 fan): 2 tiles from
ready"). ``TeacherPlayer.advise(view)`` gives the choice and its explanation, for a seat a learner
watches; ``explain_discard`` words the hints of ``game.hints``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.actions import Action
from game.players.evaluation import Plan, PlanValue
from game.players.strong import Decision, DiscardOption, Motive, decide
from game.scoring.common import Label
from game.tiles import Tile, tile_name
from game.view import SeatView


@dataclass(frozen=True, slots=True)
class Advice:
    action: Action
    reason: Label


class TeacherPlayer:
    name = "teacher"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return decide(view).action

    def advise(self, view: SeatView) -> Advice:
        decision = decide(view)
        return Advice(decision.action, explain(decision))


RISKY = 0.05  # a discard with this chance of dealing in is flagged as risky

_SUITS = (Label("Characters", "Caractères"), Label("Circles", "Cercles"), Label("Bamboo", "Bambous"))


def plan_name(plan: Plan) -> Label:
    """The plan in words: "one suit (Circles) with honours", "all pungs"…"""
    if plan.kind == "pungs":
        return Label("all pungs", "que des pungs")
    if plan.kind == "free":
        return Label("any winning hand", "n'importe quelle main gagnante")
    assert plan.suit is not None
    suit = _SUITS[plan.suit]
    if plan.kind == "mixed":
        return Label(f"one suit ({suit.en}) with honours", f"une seule famille ({suit.fr}) avec des honneurs")
    return Label(f"one suit ({suit.en}), no honours", f"une seule famille ({suit.fr}), sans honneurs")


def hongkong_plan_name(value: PlanValue) -> Label:
    """A Hong Kong plan in words, with what it needs to meet the minimum: "mixed one suit in Circles",
    "a pung of Red Dragon and a concealed hand, won by self-draw"…"""
    plan = value.plan
    en: list[str] = []
    fr: list[str] = []
    if plan.kind in ("mixed", "pure"):
        assert plan.suit is not None
        suit = _SUITS[plan.suit]
        if plan.kind == "mixed":
            en.append(f"mixed one suit in {suit.en}")
            fr.append(f"une famille et des honneurs en {suit.fr}")
        else:
            en.append(f"pure one suit in {suit.en}")
            fr.append(f"une seule famille pure en {suit.fr}")
    elif plan.kind == "pungs":
        en.append("all pungs")
        fr.append("que des pungs")
    if plan.pungs_of:
        names_en = " and ".join(tile_name(tile, "en") for tile in plan.pungs_of)
        names_fr = " et ".join(tile_name(tile, "fr") for tile in plan.pungs_of)
        several = len(plan.pungs_of) > 1
        en.append(f"pungs of {names_en}" if several else f"a pung of {names_en}")
        fr.append(f"des pungs de {names_fr}" if several else f"un pung de {names_fr}")
    if value.concealed:
        en.append("a concealed hand")
        fr.append("une main cachée")
    if not en:
        en.append("any winning hand")
        fr.append("n'importe quelle main gagnante")
    drawn_en, drawn_fr = (", won by self-draw", ", gagnée sur sa propre pioche") if value.self_drawn else ("", "")
    return Label(" and ".join(en) + drawn_en, " et ".join(fr) + drawn_fr)


def aim(value: PlanValue) -> Label:
    """Where a Hong Kong hand is heading, as a sentence: "The hand aims at all pungs (3 fan): 2 tiles
    from ready." """
    if value.expected <= 0:
        return Label(
            "No winning hand within reach meets the table's minimum.",
            "Aucune main gagnante à portée n'atteint le minimum de la table.",
        )
    name = hongkong_plan_name(value)
    away = _away(value.distance)
    return Label(
        f"The hand aims at {name.en} ({value.fan} fan): {away.en}.",
        f"La main vise {name.fr} ({value.fan} fan) : {away.fr}.",
    )


def _tiles(count: int) -> Label:
    return Label(f"{count} tile{'s' * (count != 1)}", f"{count} tuile{'s' * (count > 1)}")


def _away(shanten: int) -> Label:
    if shanten <= 0:
        return Label("ready", "prête")
    return Label(
        f"{shanten} tile{'s' * (shanten != 1)} from ready", f"à {shanten} tuile{'s' * (shanten > 1)} d'être prête"
    )


def explain_discard(option: DiscardOption, motive: Motive | None) -> Label:
    """Why discarding ``option.tile`` is played, for ``motive``; None describes a discard that is not
    the best one (what it leaves, and its risk when it has one)."""
    en, fr = tile_name(option.tile, "en"), tile_name(option.tile, "fr")
    useful = _tiles(option.useful)
    kinds = len(option.useful_kinds)
    away = _away(option.shanten)
    keeps = Label(
        f"the hand stays {away.en} with {useful.en} of {kinds} kinds still out there to improve it",
        f"la main reste {away.fr} avec {useful.fr} de {kinds} sortes encore en jeu pour l'améliorer",
    )
    if option.best.fan is None:
        return _explain_discard(option, motive, en, fr, keeps, useful)
    # Hong Kong: the sentence, then the plan that meets the minimum.
    if motive is Motive.PLAN:
        fits = option.best.plan.kind not in ("mixed", "pure") or _allowed_by(option.best.plan, option.tile)
        if fits:
            sentence = Label(
                f"Discard {en}: the plan needs it least.",
                f"Jetez {fr} : c'est la tuile dont le plan a le moins besoin.",
            )
        else:
            sentence = Label(f"Discard {en}: it does not fit the plan.", f"Jetez {fr} : elle n'entre pas dans le plan.")
    else:
        sentence = _explain_discard(option, motive, en, fr, keeps, useful)
    target = aim(option.best)
    return Label(f"{sentence.en} {target.en}", f"{sentence.fr} {target.fr}")


def _allowed_by(plan: Plan, tile: Tile) -> bool:
    """Whether a one-suit plan keeps ``tile``."""
    if tile >= 27:
        return plan.kind == "mixed"
    return tile // 9 == plan.suit


def _explain_discard(
    option: DiscardOption, motive: Motive | None, en: str, fr: str, keeps: Label, useful: Label
) -> Label:
    if motive is Motive.READY:
        return Label(
            f"Discard {en}: the hand is ready, waiting on {useful.en} still out there.",
            f"Jetez {fr} : la main est prête et attend {useful.fr} encore en jeu.",
        )
    if motive is Motive.ISOLATED_HONOUR:
        return Label(
            f"Discard {en}: a lone honour never makes a chow, only a pair or a pung; {keeps.en}.",
            f"Jetez {fr} : un honneur isolé ne fait jamais de suite, seulement une paire ou un brelan ; {keeps.fr}.",
        )
    if motive is Motive.ISOLATED_TERMINAL:
        return Label(
            f"Discard {en}: a lone 1 or 9 fits only one chow, middle tiles fit three; {keeps.en}.",
            f"Jetez {fr} : un 1 ou un 9 isolé n'entre que dans une suite, une tuile du milieu dans trois ; {keeps.fr}.",
        )
    if motive is Motive.DEAD_TILE:
        return Label(
            f"Discard {en}: its other copies are already on the table, it can no longer make a pung; {keeps.en}.",
            f"Jetez {fr} : ses autres exemplaires sont déjà sortis, elle ne fera plus de brelan ; {keeps.fr}.",
        )
    if motive is Motive.KEEP_SCORING_PAIR:
        return Label(
            f"Discard {en} and keep the honour pair that scores: as a pung it doubles the hand; {keeps.en}.",
            f"Jetez {fr} et gardez la paire d'honneurs qui marque : en brelan elle double la main ; {keeps.fr}.",
        )
    if motive is Motive.PLAN:
        plan = plan_name(option.best.plan)
        return Label(
            f"Discard {en}: the hand aims at {plan.en}, which scores; it is {option.best.distance} "
            f"exchange{'s' * (option.best.distance != 1)} from ready that way.",
            f"Jetez {fr} : la main vise {plan.fr}, qui rapporte ; elle est à {option.best.distance} "
            f"échange{'s' * (option.best.distance > 1)} d'être prête ainsi.",
        )
    if motive is Motive.DEFEND_GENBUTSU:
        return Label(
            f"Discard {en}: the hand is far from ready and an opponent looks close; that player discarded "
            f"{en} themselves, so it cannot give them the win.",
            f"Jetez {fr} : la main est loin d'être prête et un adversaire semble proche ; il a jeté {fr} "
            "lui-même, elle ne peut pas le faire gagner.",
        )
    if motive is Motive.DEFEND_SAFE:
        return Label(
            f"Discard {en}: an opponent looks close to winning and {en} is the least likely tile to complete "
            "their hand, given what is visible.",
            f"Jetez {fr} : un adversaire semble près de gagner et {fr} est la tuile la moins susceptible de "
            "compléter sa main, d'après ce qui est visible.",
        )
    if motive is None:
        risky = option.risk.chance >= RISKY
        return Label(
            f"Discarding {en}: {keeps.en}" + (", but it may give an opponent the win." if risky else "."),
            f"En jetant {fr} : {keeps.fr}" + (", mais elle peut faire gagner un adversaire." if risky else "."),
        )
    return Label(
        f"Discard {en}: {keeps.en}, the most of any discard.",
        f"Jetez {fr} : {keeps.fr}, le plus de toutes les défausses.",
    )


def explain(decision: Decision) -> Label:
    """The decision in one sentence, in English and French."""
    motive = decision.motive
    if decision.options and motive not in _NOT_DISCARDS:
        return explain_discard(decision.options[0], motive)
    tile = decision.tile
    en = tile_name(tile, "en") if tile is not None else ""
    fr = tile_name(tile, "fr") if tile is not None else ""
    if motive is Motive.WIN:
        return Label("Declare mahjong: the hand is complete.", "Annoncez Mah-Jong : la main est complète.")
    if motive is Motive.CLAIM_WIN:
        return Label(
            f"Claim {en} for mahjong: it completes the hand.", f"Prenez {fr} pour Mah-Jong : elle complète la main."
        )
    if motive is Motive.CALL:
        return Label(
            "Announce that the hand is one tile from winning: the calling rule requires it.",
            "Annoncez que la main est à une tuile de gagner : la règle l'exige.",
        )
    if motive is Motive.SCORING_PUNG:
        return Label(
            f"Claim {en}: a pung of dragons or of a scoring wind doubles the hand, worth exposing it.",
            f"Prenez {fr} : un brelan de dragons ou d'un vent qui compte double la main, cela vaut de l'exposer.",
        )
    if motive is Motive.CLAIM_READY:
        return Label(f"Claim {en}: it makes the hand ready.", f"Prenez {fr} : la main devient prête.")
    if motive is Motive.CLAIM_PLAN:
        plan = _plan_of(decision.plan)
        return Label(
            f"Claim {en}: it fits the plan ({plan.en}) and brings the hand closer.",
            f"Prenez {fr} : elle sert le plan ({plan.fr}) et rapproche la main.",
        )
    if motive is Motive.CLAIM_PROGRESS:
        return Label(
            f"Claim {en}: the hand gets a step closer, and it has no concealed double worth keeping.",
            f"Prenez {fr} : la main avance d'un pas, et elle n'a pas de doublement caché à préserver.",
        )
    if motive is Motive.PASS_BELOW_MINIMUM:
        return Label(
            f"Let {en} go: claiming it would bring the hand closer, but to a hand below the table's minimum fan.",
            f"Laissez passer {fr} : la prendre rapprocherait la main, mais d'une main sous le minimum de fan "
            "de la table.",
        )
    if motive is Motive.PASS_CONCEALED:
        return Label(
            f"Let {en} go: exposing a set would give away the concealed hand's value for too little.",
            f"Laissez passer {fr} : exposer une combinaison coûterait la valeur de la main cachée pour trop peu.",
        )
    if motive is Motive.PASS:
        return Label(
            f"Let {en} go: claiming it would not bring the hand closer.",
            f"Laissez passer {fr} : la prendre ne rapprocherait pas la main.",
        )
    return Label(
        f"Declare the kong of {en}: it scores more than a pung and brings a replacement tile.",
        f"Annoncez le carré de {fr} : il marque plus qu'un brelan et donne une tuile de remplacement.",
    )


_NOT_DISCARDS = frozenset({Motive.KONG})


def _plan_of(value: PlanValue | None) -> Label:
    if value is not None and value.fan is not None:
        return hongkong_plan_name(value)
    return plan_name(value.plan) if value is not None else plan_name(Plan("free"))

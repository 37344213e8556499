"""One hand of mahjong as a state machine: deal, turns, claim windows, kongs, the end.

Rule 1 (after h11): everything that decides what may happen next lives in this file.
``legal_actions(seat)`` is the single source of truth; ``apply(action)`` checks the action against
it before touching anything, so an illegal action raises and changes nothing.

The phases (``game.phase``, re-exported here): DISCARD, the seat on turn discards or declares;
CLAIM, seats answer a discard; ROB, seats may rob a kong; OVER. The document codecs live in
``game.round_document``: ``to_document`` / ``from_document`` below delegate to them.

Draws, bonus-tile replacements and kong replacements are automatic transitions, so a hand
replays from its seed and its actions. Seats are chairs: seat ``dealer`` is East and the turn
passes to ``seat + 1`` (East → South → West → North); ``WinContext.seat`` is the wind index.

A claim window resolves as soon as no seat still to answer could beat the best claim already
made (mahjong beats pung and kong, which beat chow; between equals the first in turn order after
the discarder wins), or when ``CloseWindow`` passes every seat still to answer.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from game.actions import (
    Action,
    AddedKong,
    Call,
    Claim,
    ClaimKind,
    CloseWindow,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    check_action,
)
from game.errors import IllegalAction, InvalidNotation, NotYourTurn
from game.events import (
    Answered,
    BonusExposed,
    Called,
    ClaimWindowOpened,
    Discarded,
    Event,
    HandDrawn,
    HandWon,
    KongDeclared,
    PublicEvent,
    SetClaimed,
    TileDrawn,
    public_event,
)
from game.hand import SetKind
from game.melds import Meld
from game.phase import Phase, Source
from game.phrases import phrase
from game.record import HandRecord
from game.result import HandResult
from game.rules import Ruleset
from game.scoring.table import default_judge
from game.strict import short
from game.tiles import WINDS, Tile
from game.view import ClaimView, DiscardedTile, SeatPublic, SeatView
from game.wall import Wall
from game.win import WinContext, WinJudge, WinVerdict
from game.winning import is_winning, ready_discards

__all__ = ["ClaimWindow", "Phase", "Round", "Source"]

_LEGAL = WinVerdict(True)
_NOT_A_WINNING_HAND = WinVerdict(False, phrase("refusal.not_a_winning_hand"))
_NOT_CALLING = WinVerdict(False, phrase("refusal.not_calling"))
_JOKER = int(Tile.JOKER)
_TILE: tuple[Tile, ...] = tuple(Tile)  # by index: faster than calling the enum on hot paths


class ClaimWindow:
    """An open claim window: who may claim what, and the answers so far."""

    __slots__ = ("answers", "from_seat", "options", "robbing", "tile")

    def __init__(
        self,
        tile: Tile,
        from_seat: int,
        robbing: bool,
        options: dict[int, tuple[Claim, ...]],
        answers: dict[int, Claim | Pass] | None = None,
    ) -> None:
        self.tile = tile
        self.from_seat = from_seat
        self.robbing = robbing
        self.options = options
        self.answers: dict[int, Claim | Pass] = answers if answers is not None else {}

    def pending(self) -> list[int]:
        return [seat for seat in self.options if seat not in self.answers]


class Round:
    """One hand. Build it with ``Round.deal``, ``Round.replay`` or ``Round.from_document``."""

    def __init__(
        self, ruleset: Ruleset, seed: int, dealer: int, round_wind: Tile, wall: Wall, judge: WinJudge | None
    ) -> None:
        players = ruleset.players
        self.ruleset = ruleset
        self.seed = seed
        self.dealer = dealer
        self.round_wind = round_wind
        # Without a judge of its own, the round follows its rule set's (the Hong Kong minimum): a
        # round restored from its document or record judges wins as the one that was saved.
        self.judge = judge if judge is not None else default_judge(ruleset)
        self._wall = wall
        self._hands: list[list[int]] = [[0] * 43 for _ in range(players)]
        self._drawn: list[Tile | None] = [None] * players
        self._melds: list[list[Meld]] = [[] for _ in range(players)]
        self._bonus: list[list[Tile]] = [[] for _ in range(players)]
        self._discards: list[list[DiscardedTile]] = [[] for _ in range(players)]
        self._calling: list[bool] = [False] * players
        self._phase = Phase.DISCARD
        self._turn = dealer
        self._source = Source.DEAL
        self._kong_chain = 0
        self._call_pending = False
        self._discard_count = 0
        self._interrupted = False
        self._last_discard: tuple[int, Tile] | None = None
        self._window: ClaimWindow | None = None
        self._actions: list[Action] = []
        self._lines: list[str] = []  # each action as documents write it (``Action.text``), written once
        self._result: HandResult | None = None
        self._legal: dict[int | None, tuple[Action, ...]] = {}
        self._public: tuple[SeatPublic, ...] | None = None
        # The hand's public events as they happen (``public_log``): kept as actions apply, so a table
        # showing them after every move never replays the hand to find them.
        self._log: list[PublicEvent] = []

    # --- building -------------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        ruleset: Ruleset,
        seed: int,
        *,
        dealer: int = 0,
        round_wind: Tile = Tile.EAST,
        judge: WinJudge | None = None,
    ) -> Round:
        """Shuffle with ``random.Random(seed)``, open the wall and deal 13 tiles each, 14 to the dealer.

        Tiles go out as at the table: three rounds of four from the dealer on, one more each, and
        the dealer's fourteenth; then each seat in turn exposes its bonus tiles and replaces them
        from the far end of the wall.
        """
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidNotation(f"a seed is an integer, not {seed!r}")
        _check_table(ruleset, dealer, round_wind)
        wall = Wall.build(ruleset, random.Random(seed))
        hand = cls(ruleset, seed, dealer, round_wind, wall, judge)
        order = hand._turn_order(dealer)
        last: list[Tile] = [Tile.JOKER] * ruleset.players
        for size in (4, 4, 4, 1):
            for seat in order:
                for _ in range(size):
                    last[seat] = hand._take(seat, wall.draw())
        last[dealer] = hand._take(dealer, wall.draw())
        exposed: list[Event] = []  # the deal's bonus tiles set aside and replaced: public events
        for seat in order:
            for tile in [Tile(index) for index in ruleset.bonus_kinds for _ in range(hand._hands[seat][index])]:
                hand._hands[seat][tile] -= 1
                hand._bonus[seat].append(tile)
                exposed.append(BonusExposed(seat, tile))
                drawn = hand._take(seat, wall.draw_far())
                exposed.append(TileDrawn(seat, drawn, far_end=True))
                replacement = hand._replace_bonus(seat, drawn, exposed)
                if replacement is None:
                    raise AssertionError("a wall always holds enough tiles for the deal")
                last[seat] = replacement
        hand._drawn[dealer] = last[dealer]
        hand._log_public(exposed)
        return hand

    @classmethod
    def replay(
        cls,
        ruleset: Ruleset,
        seed: int,
        actions: Iterable[Action],
        *,
        dealer: int = 0,
        round_wind: Tile = Tile.EAST,
        judge: WinJudge | None = None,
    ) -> Round:
        """Deal again and apply ``actions`` in order (each checked as if played)."""
        hand = cls.deal(ruleset, seed, dealer=dealer, round_wind=round_wind, judge=judge)
        for action in actions:
            hand.apply(action)
        return hand

    def record(self) -> HandRecord:
        return HandRecord(self.ruleset, self.seed, self.dealer, self.round_wind, tuple(self._actions))

    @classmethod
    def from_record(cls, record: HandRecord, judge: WinJudge | None = None) -> Round:
        return cls.replay(
            record.ruleset, record.seed, record.actions, dealer=record.dealer, round_wind=record.round_wind, judge=judge
        )

    # --- reading the state ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def wall_left(self) -> int:
        return self._wall.left

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def result(self) -> HandResult | None:
        return self._result

    def concealed(self, seat: int) -> tuple[Tile, ...]:
        """A seat's concealed tiles (hidden information: for the engine's callers, not for players)."""
        return _tiles_of(self._hands[self._seat(seat)])

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this table; else ``NotYourTurn`` (``InvalidNotation`` if not an int)."""
        if type(seat) is not int:
            raise InvalidNotation(f"a seat is a whole number, not {short(seat)}")
        if not 0 <= seat < self.ruleset.players:
            raise NotYourTurn(f"there is no seat {short(seat)} at this table")
        return seat

    def awaiting(self) -> tuple[int, ...]:
        """The seats whose action the hand waits for, in turn order."""
        if self._phase is Phase.DISCARD:
            return (self._turn,)
        if self._window is not None:
            return tuple(self._window.pending())
        return ()

    def legal_actions(self, seat: int | None) -> list[Action]:
        """Every action ``seat`` may take now (``None``: the table's clock, which may close a window); none
        for a seat that is not at the table, ``InvalidNotation`` for a seat that is not an int."""
        if seat is not None and type(seat) is not int:
            raise InvalidNotation(f"a seat is a whole number, not {short(seat)}")
        if seat is not None and not 0 <= seat < self.ruleset.players:
            return []
        return list(self._legal_tuple(seat))

    def _legal_tuple(self, seat: int | None) -> tuple[Action, ...]:
        cached = self._legal.get(seat)
        if cached is None:
            cached = tuple(self._compute_legal(seat))
            self._legal[seat] = cached
        return cached

    def _compute_legal(self, seat: int | None) -> list[Action]:
        if self._phase is Phase.OVER:
            return []
        window = self._window
        if seat is None:
            return [CloseWindow()] if window is not None else []
        if window is not None:
            if seat not in window.options or seat in window.answers:
                return []
            return [*window.options[seat], Pass(seat)]
        if seat != self._turn:
            return []
        return self._turn_actions(seat)

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self._hands[seat]
        actions: list[Action] = []
        if self._source is not Source.CLAIM and self._self_drawn_win(seat) is not None:
            actions.append(DeclareWin(seat))
        held = [_TILE[index] for index in range(43) if hand[index]]
        if self._call_pending:
            return actions + [Discard(seat, tile) for tile in self._discards_keeping_ready(seat)]
        if self._wall.left > 0:
            actions += [ConcealedKong(seat, tile) for tile in held if tile < 34 and hand[tile] == 4]
            actions += [
                AddedKong(seat, meld.base)
                for meld in self._melds[seat]
                if meld.kind is SetKind.PUNG and hand[meld.base]
            ]
        if self.ruleset.calling_rule and not self._calling[seat] and self._discards_keeping_ready(seat):
            actions.append(Call(seat))
        actions += [Discard(seat, tile) for tile in held]
        return actions

    def _discards_keeping_ready(self, seat: int) -> list[Tile]:
        return ready_discards(self._hands[seat], self.ruleset)

    # --- wins -----------------------------------------------------------------------------------

    def _self_drawn_win(self, seat: int) -> WinContext | None:
        drawn = self._drawn[seat]
        if drawn is None:
            return None
        return self._win_context(seat, self._hands[seat], drawn, self_drawn=True)

    def _discard_win(self, seat: int, tile: Tile, *, robbing: bool) -> WinContext | None:
        counts = list(self._hands[seat])
        counts[tile] += 1
        return self._win_context(seat, counts, tile, self_drawn=False, robbing=robbing)

    def _win_context(
        self, seat: int, counts: Sequence[int], tile: Tile, *, self_drawn: bool, robbing: bool = False
    ) -> WinContext | None:
        """The win ``seat`` would declare holding ``counts`` (winning tile included), if it may."""
        win, verdict = self._judged_win(seat, counts, tile, self_drawn=self_drawn, robbing=robbing)
        return win if verdict.legal else None

    def _judged_win(
        self, seat: int, counts: Sequence[int], tile: Tile, *, self_drawn: bool, robbing: bool
    ) -> tuple[WinContext | None, WinVerdict]:
        """The win ``seat`` would declare holding ``counts``, and whether the rules allow it (and why not)."""
        if not is_winning(counts, self.ruleset):
            return None, _NOT_A_WINNING_HAND
        if self.ruleset.calling_rule and not self._calling[seat]:
            return None, _NOT_CALLING
        kong_turn = self_drawn and self._source is Source.KONG
        win = WinContext(
            concealed=_tiles_of(counts),
            melds=tuple(self._melds[seat]),
            winning_tile=tile,
            self_drawn=self_drawn,
            seat=(seat - self.dealer) % self.ruleset.players,
            round_wind=self.round_wind,
            bonus=tuple(self._bonus[seat]),
            last_tile=self._wall.left == 0,
            kong_replacement=kong_turn,
            double_kong_replacement=kong_turn and self._kong_chain >= 2,
            robbing_kong=robbing,
            heavenly=self_drawn and self._source is Source.DEAL,
            earthly=(
                not self_drawn
                and not robbing
                and self._discard_count == 1
                and not self._interrupted
                and self._last_discard is not None
                and self._last_discard[0] == self.dealer
            ),
        )
        return win, self.judge.judge(win) if self.judge is not None else _LEGAL

    def win_refusal(self, seat: int) -> WinVerdict | None:
        """Why ``seat`` may not declare mahjong now (its tiles, the calling rule, or the rule set's judge,
        e.g. the Hong Kong minimum), as a phrase; None if it may, or if no win is in question
        (not its turn to draw or claim)."""
        seat = self._seat(seat)
        if self._phase is Phase.DISCARD and seat == self._turn and self._drawn[seat] is not None:
            drawn = self._drawn[seat]
            assert drawn is not None
            _, verdict = self._judged_win(seat, self._hands[seat], drawn, self_drawn=True, robbing=False)
        elif self._window is not None and seat != self._window.from_seat and 0 <= seat < self.ruleset.players:
            counts = list(self._hands[seat])
            counts[self._window.tile] += 1
            _, verdict = self._judged_win(
                seat, counts, self._window.tile, self_drawn=False, robbing=self._window.robbing
            )
        else:
            return None
        return None if verdict.legal else verdict

    # --- applying actions -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; returns what happened. Raises ``NotYourTurn`` or ``IllegalAction`` (and
        changes nothing) if the action is not in ``legal_actions(action.seat)``, ``InvalidNotation`` if it
        is not an action at all (a seat that is a string or a bool, a tile that is an int …)."""
        action = check_action(action)
        if action.seat is not None:
            self._seat(action.seat)
        legal = self._legal_tuple(action.seat)
        if action not in legal:
            self._refuse(action, legal)
        action = legal[legal.index(action)]  # the engine's own value (a Tile, not an int equal to one)
        self._legal = {}
        self._public = None
        self._actions.append(action)
        self._lines.append(action.text())
        events: list[Event] = []
        if isinstance(action, Discard):
            self._discard(action.seat, action.tile, events)
        elif isinstance(action, DeclareWin):
            win = self._self_drawn_win(action.seat)
            assert win is not None
            self._finish_won(action.seat, None, win, events)
        elif isinstance(action, ConcealedKong):
            self._concealed_kong(action.seat, action.tile, events)
        elif isinstance(action, AddedKong):
            self._added_kong(action.seat, action.tile, events)
        elif isinstance(action, Call):
            self._calling[action.seat] = True
            self._call_pending = True
            events.append(Called(action.seat))
        elif isinstance(action, Claim | Pass):
            assert self._window is not None
            self._window.answers[action.seat] = action
            events.append(Answered(action.seat))
            self._resolve_window(events)
        else:
            window = self._window
            assert window is not None
            for seat in window.pending():
                window.answers[seat] = Pass(seat)
                events.append(Answered(seat))
            self._resolve_window(events)
        self._log_public(events)
        return events

    @property
    def public_log(self) -> tuple[PublicEvent, ...]:
        """The hand's public events so far, oldest first (``PublicEvent``): what every seat saw happen,
        never a drawn tile's face."""
        return tuple(self._log)

    def _log_public(self, events: Sequence[Event]) -> None:
        for event in events:
            logged = public_event(event)
            if logged is not None:
                self._log.append(logged)

    def _refuse(self, action: Action, legal: tuple[Action, ...]) -> None:
        where = f"in phase {self._phase.value}"
        if self._phase is Phase.OVER:
            raise IllegalAction(f"{action.text()!r}: the hand is over")
        if isinstance(action, DeclareWin) or (isinstance(action, Claim) and action.kind is ClaimKind.MAHJONG):
            refusal = self.win_refusal(action.seat)
            if refusal is not None:
                # For developers: the key and parameters of the refusal players read in their language.
                raise IllegalAction(f"{action.text()!r}: {refusal.reason}")
        if action.seat is not None and not legal:
            if not 0 <= action.seat < self.ruleset.players:
                raise NotYourTurn(f"{action.text()!r}: there is no seat {action.seat} at this table")
            awaited = ", ".join(str(seat) for seat in self.awaiting())
            raise NotYourTurn(f"{action.text()!r}: seat {action.seat} may not act {where} (waiting for {awaited})")
        choices = ", ".join(repr(choice.text()) for choice in legal)
        raise IllegalAction(f"{action.text()!r} is not allowed {where}; legal: {choices}")

    def _discard(self, seat: int, tile: Tile, events: list[Event]) -> None:
        self._hands[seat][tile] -= 1
        self._drawn[seat] = None
        self._discards[seat].append(DiscardedTile(tile))
        self._last_discard = (seat, tile)
        self._discard_count += 1
        self._kong_chain = 0
        self._call_pending = False
        events.append(Discarded(seat, tile))
        options: dict[int, tuple[Claim, ...]] = {}
        if tile != Tile.JOKER:
            for other in self._turn_order(seat)[1:]:
                claims = self._claims_on_discard(other, tile, next_seat=other == (seat + 1) % self.ruleset.players)
                if claims:
                    options[other] = claims
        if options:
            self._open_window(ClaimWindow(tile, seat, False, options), events)
        else:
            self._draw_turn((seat + 1) % self.ruleset.players, events)

    def _claims_on_discard(self, seat: int, tile: Tile, *, next_seat: bool) -> tuple[Claim, ...]:
        hand = self._hands[seat]
        jokers = hand[_JOKER]
        claims: list[Claim] = []
        if self._discard_win(seat, tile, robbing=False) is not None:
            claims.append(Claim(seat, ClaimKind.MAHJONG))
        if hand[tile] + jokers >= 2:
            claims.append(Claim(seat, ClaimKind.PUNG))
        if hand[tile] + jokers >= 3 and self._wall.left > 0:
            claims.append(Claim(seat, ClaimKind.KONG))
        if next_seat and tile < 27:
            for base in _chow_bases(tile):
                missing = sum(1 for other in (base, base + 1, base + 2) if other != tile and not hand[other])
                if missing <= jokers:
                    claims.append(Claim(seat, ClaimKind.CHOW, Tile(base)))
        return tuple(claims)

    def _open_window(self, window: ClaimWindow, events: list[Event]) -> None:
        self._window = window
        self._phase = Phase.ROB if window.robbing else Phase.CLAIM
        events.append(ClaimWindowOpened(window.tile, window.from_seat, window.robbing, len(window.options)))

    def _rank(self, window: ClaimWindow, claim: Claim) -> tuple[int, int]:
        distance = (claim.seat - window.from_seat) % self.ruleset.players
        return (claim.kind.priority, distance)

    def _resolve_window(self, events: list[Event]) -> None:
        window = self._window
        assert window is not None
        made = [answer for answer in window.answers.values() if isinstance(answer, Claim)]
        best = min(made, key=lambda claim: self._rank(window, claim), default=None)
        for seat in window.pending():
            could = min(self._rank(window, claim) for claim in window.options[seat])
            if best is None or could < self._rank(window, best):
                return
        self._window = None
        if best is None:
            if window.robbing:
                self._complete_added_kong(window.from_seat, window.tile, events)
            else:
                self._draw_turn((window.from_seat + 1) % self.ruleset.players, events)
        elif best.kind is ClaimKind.MAHJONG:
            win = self._discard_win(best.seat, window.tile, robbing=window.robbing)
            assert win is not None
            if not window.robbing:
                self._mark_claimed(window.from_seat)
            self._hands[best.seat][window.tile] += 1
            self._finish_won(best.seat, window.from_seat, win, events)
        else:
            self._claim_set(best, window.tile, window.from_seat, events)

    def _mark_claimed(self, discarder: int) -> None:
        pile = self._discards[discarder]
        pile[-1] = DiscardedTile(pile[-1].tile, claimed=True)
        self._last_discard = None

    def _claim_set(self, claim: Claim, tile: Tile, discarder: int, events: list[Event]) -> None:
        """Lay the claimed set, real tiles first and jokers for what is missing."""
        seat = claim.seat
        hand = self._hands[seat]
        if claim.kind is ClaimKind.CHOW:
            assert claim.chow_base is not None
            kind, base = SetKind.CHOW, claim.chow_base
            wanted = [Tile(base + step) for step in range(3)]
        else:
            kind, base = (SetKind.KONG if claim.kind is ClaimKind.KONG else SetKind.PUNG), tile
            wanted = [tile] * (4 if kind is SetKind.KONG else 3)
        joker_slots = []
        placed_discard = False
        for slot, needed in enumerate(wanted):
            if needed == tile and not placed_discard:
                placed_discard = True
            elif hand[needed]:
                hand[needed] -= 1
            else:
                hand[_JOKER] -= 1
                joker_slots.append(slot)
        meld = Meld(kind, base, exposed=True, claimed_from=discarder, joker_slots=tuple(joker_slots))
        self._melds[seat].append(meld)
        self._mark_claimed(discarder)
        self._interrupted = True
        self._turn = seat
        events.append(SetClaimed(seat, claim.kind, meld))
        if kind is SetKind.KONG:
            self._kong_chain = 1
            self._draw_turn(seat, events, far=True)
        else:
            self._phase = Phase.DISCARD
            self._source = Source.CLAIM

    def _concealed_kong(self, seat: int, tile: Tile, events: list[Event]) -> None:
        self._hands[seat][tile] -= 4
        meld = Meld(SetKind.KONG, tile, exposed=False)
        self._melds[seat].append(meld)
        self._interrupted = True
        self._kong_chain += 1
        events.append(KongDeclared(seat, meld))
        self._draw_turn(seat, events, far=True)

    def _added_kong(self, seat: int, tile: Tile, events: list[Event]) -> None:
        self._hands[seat][tile] -= 1
        self._drawn[seat] = None
        self._interrupted = True
        options: dict[int, tuple[Claim, ...]] = {}
        for other in self._turn_order(seat)[1:]:
            if self._discard_win(other, tile, robbing=True) is not None:
                options[other] = (Claim(other, ClaimKind.MAHJONG),)
        if options:
            self._open_window(ClaimWindow(tile, seat, True, options), events)
        else:
            self._complete_added_kong(seat, tile, events)

    def _complete_added_kong(self, seat: int, tile: Tile, events: list[Event]) -> None:
        melds = self._melds[seat]
        index = next(i for i, meld in enumerate(melds) if meld.kind is SetKind.PUNG and meld.base == tile)
        pung = melds[index]
        kong = Meld(
            SetKind.KONG, tile, exposed=True, claimed_from=pung.claimed_from, joker_slots=pung.joker_slots, added=True
        )
        melds[index] = kong
        self._kong_chain += 1
        self._turn = seat
        events.append(KongDeclared(seat, kong))
        self._draw_turn(seat, events, far=True)

    # --- draws and the end ----------------------------------------------------------------------

    def _draw_turn(self, seat: int, events: list[Event], *, far: bool = False) -> None:
        """``seat`` draws (from the far end after a kong) and is on turn, or the wall ran out."""
        self._turn = seat
        if self._wall.left == 0:
            self._finish_drawn(events)
            return
        tile = self._wall.draw_far() if far else self._wall.draw()
        self._hands[seat][tile] += 1
        events.append(TileDrawn(seat, tile, far_end=far))
        kept = self._replace_bonus(seat, tile, events)
        if kept is None:
            self._finish_drawn(events)
            return
        self._drawn[seat] = kept
        self._phase = Phase.DISCARD
        self._source = Source.KONG if far else Source.DRAW

    def _replace_bonus(self, seat: int, tile: Tile, events: list[Event]) -> Tile | None:
        """Expose bonus tiles and draw replacements from the far end until a playing tile comes
        (``tile`` is already in the hand); None if the wall ran out meanwhile."""
        bonus_kinds = self.ruleset.bonus_kinds
        while tile in bonus_kinds:
            self._hands[seat][tile] -= 1
            self._bonus[seat].append(tile)
            events.append(BonusExposed(seat, tile))
            if self._wall.left == 0:
                return None
            tile = self._wall.draw_far()
            self._hands[seat][tile] += 1
            events.append(TileDrawn(seat, tile, far_end=True))
        return tile

    def _finish_drawn(self, events: list[Event]) -> None:
        self._phase = Phase.OVER
        self._window = None
        self._result = HandResult(None, None, False, None, self._wall.left, len(self._actions))
        events.append(HandDrawn())

    def _finish_won(self, seat: int, discarder: int | None, win: WinContext, events: list[Event]) -> None:
        self._phase = Phase.OVER
        self._window = None
        self._turn = seat
        self._result = HandResult(seat, discarder, discarder is None, win, self._wall.left, len(self._actions))
        events.append(HandWon(seat, discarder, win.winning_tile))

    # --- helpers --------------------------------------------------------------------------------

    def _take(self, seat: int, tile: Tile) -> Tile:
        self._hands[seat][tile] += 1
        return tile

    def _turn_order(self, first: int) -> list[int]:
        players = self.ruleset.players
        return [(first + step) % players for step in range(players)]

    # --- views ----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> SeatView:
        """The hand as ``seat`` may see it (None: a spectator)."""
        if seat is not None:
            self._seat(seat)
        claim = None
        window = self._window
        if window is not None and seat is not None:
            claim = ClaimView(
                tile=window.tile,
                from_seat=window.from_seat,
                robbing=window.robbing,
                options=window.options.get(seat, ()),
                answered=seat in window.answers,
            )
        return SeatView(
            seat=seat,
            ruleset=self.ruleset.name,
            round_wind=self.round_wind,
            dealer=self.dealer,
            turn=self._turn,
            phase=self._phase,
            wall_left=self._wall.left,
            wall=self._wall.geometry(),
            seats=self._public_seats(),
            concealed=None if seat is None else _tiles_of(self._hands[seat]),
            drawn=None if seat is None else self._drawn[seat],
            last_discard=self._last_discard,
            claim=claim,
            legal=() if seat is None else self._legal_tuple(seat),
            result=self._result,
            minimum_fan=self.ruleset.minimum_fan,
        )

    def _public_seats(self) -> tuple[SeatPublic, ...]:
        """What everyone sees of every seat (built once per state: every view shares it)."""
        if self._public is not None:
            return self._public
        open_hands = self.ruleset.open_hands
        players = self.ruleset.players
        self._public = tuple(
            SeatPublic(
                seat=other,
                wind=WINDS[(other - self.dealer) % players],
                melds=tuple(self._melds[other]),
                bonus=tuple(self._bonus[other]),
                discards=tuple(self._discards[other]),
                concealed_count=sum(self._hands[other]),
                calling=self._calling[other],
                concealed=_tiles_of(self._hands[other]) if open_hands else None,
            )
            for other in range(players)
        )
        return self._public

    # --- documents (``game.round_document``) ---------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        """The whole state as JSON-able data (hidden information included: store it, never show it)."""
        from game.round_document import round_to_document

        return round_to_document(self)

    @classmethod
    def from_document(cls, document: Any, judge: WinJudge | None = None, *, rules: Ruleset | None = None) -> Round:
        """The round a stored document describes, rebuilt by replaying the record inside it; raises
        ``InvalidNotation`` unless the replay writes exactly that document (see ``game.round_document``).
        ``rules``: the rule set the caller knows the table plays, which the document must name."""
        from game.round_document import round_from_document

        return round_from_document(document, judge, rules=rules)


def _check_table(ruleset: Ruleset, dealer: int, round_wind: Tile) -> None:
    if not isinstance(dealer, int) or dealer not in ruleset.seats:
        raise InvalidNotation(f"the dealer is one of seats 0–{ruleset.players - 1}, not {dealer!r}")
    if round_wind not in WINDS:
        raise InvalidNotation(f"the prevailing wind is a wind, not {round_wind!r}")


def _tiles_of(counts: Sequence[int]) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for index, count in enumerate(counts):
        if count:
            tiles += (_TILE[index],) * count
    return tuple(tiles)


def _chow_bases(tile: Tile) -> list[int]:
    """The lowest tiles of the chows ``tile`` (a suited tile) can belong to."""
    rank = tile % 9
    return [tile - offset for offset in (2, 1, 0) if 0 <= rank - offset <= 6]

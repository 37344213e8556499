"""The solitaire on Discord: open a member's game, answer its components, hide a board that paused
itself, show leaderboards.

Every interaction is acknowledged first (a private "thinking" reply for a command or the Play button,
a deferred update for a component of the game's own message); then the service runs, then the
presenter draws off the event loop and the message is edited. With the Discord Activity on, the daily
(``/solitaire daily``, the Play button) is answered by launching the Activity instead, whose page
plays the same slot; only a launch Discord refuses falls back to the message. A game is one ephemeral message,
editable through its interaction's token for 15 minutes; any command or the daily post's Play button
gives a fresh one, and the game goes on where it was.

Bad input never changes anything and is answered privately: an id of no component of ours, another
member's message, a stale step, a select value that is not a legal pair (the reason said). Refusals
and failures are answered by the components' and commands' one handler (``bot.failures``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

import discord

from bot.answers import acknowledge, tell
from bot.components import owned_by_clicker
from bot.discord_messages import ShownAttachments, edited_message_id
from bot.drawing import Drawer
from bot.interaction import Interaction
from bot.message_specs import Message
from bot.solitaire import presenter
from bot.solitaire.custom_ids import BadCustomId, BoardPage, Control, Play, Share, parse_custom_id
from bot.solitaire.discord_views import view_of
from core.outage import OutageLog
from core.refusal import Refusal
from core.solitaire import play
from core.solitaire.play import Outcome
from core.solitaire.service import SolitaireService
from core.solitaire.state import SolitaireState
from data.live import StoreUnavailable
from data.solitaire_ledger import Board, Kind
from game.tiles import Tile
from words import Lang
from words.messages import lang_of, say

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 14 * 60.0  # Discord's 15 minutes, less a margin for the last edit
# Games whose last clearing order is kept: an order is some 72 pairs, a game's next check needs no search.
KEPT_CLEARINGS = 4096
_NO_MENTIONS = discord.AllowedMentions.none()


@dataclass
class LiveView:
    """A member's game message, editable through its interaction until ``expires`` (monotonic); the game's
    clock pauses itself at ``pause_at`` (the game's time) unless the member acts before."""

    interaction: Interaction
    game_id: str
    step: int
    lang: Lang
    pause_at: float
    expires: float


class SolitaireDesk:
    def __init__(
        self,
        service: SolitaireService,
        emojis: Mapping[Tile, discord.PartialEmoji],
        *,
        tick: float = 1.0,
        monotonic: Callable[[], float] = time.monotonic,
        drawer: Drawer | None = None,
        shown: ShownAttachments | None = None,
        activity: bool = False,
    ) -> None:
        self.service = service
        self._activity = activity
        self._emojis = emojis
        self._draw = drawer or Drawer()
        self._shown = shown or ShownAttachments()
        self._tick = tick
        self._monotonic = monotonic
        self._live: dict[tuple[int, int, Kind], LiveView] = {}
        self._clearing: dict[str, play.Clearing] = {}  # by game, its board's last clearing order, oldest first

    # --- opening a game -------------------------------------------------------------------------

    async def open(self, interaction: Interaction, kind: Kind, seed: int | None = None) -> None:
        """``/solitaire daily``, ``/solitaire free [seed]``, the Play button: the member's game, privately."""
        lang = lang_of(interaction.locale)
        if interaction.guild_id is None:
            await tell(interaction, say("sol_guild_only", lang))
            return
        if kind == "daily" and self._activity and await self._launched(interaction):
            return
        await acknowledge(interaction, "private")
        user = interaction.user
        if kind == "daily":
            committed = await self.service.daily(interaction.guild_id, user.id, user.display_name)
        else:
            committed = await self.service.free(interaction.guild_id, user.id, user.display_name, seed)
        await self._show(interaction, committed.state, lang, outcome=committed.outcome)
        await self.service.shown(committed)

    async def _launched(self, interaction: Interaction) -> bool:
        """Answer with the Activity (the page plays the same daily slot); False when Discord refuses the
        launch (a client that cannot run Activities), so the member gets the message version instead."""
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            log.info(
                "the Activity could not be launched (%s %s): the daily is shown as a message", error.status, error.code
            )
            return False
        return True

    # --- components -----------------------------------------------------------------------------

    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        lang = lang_of(interaction.locale)
        try:
            component = parse_custom_id(custom_id)
        except BadCustomId:
            await tell(interaction, say("unknown_button", lang))
            return
        if isinstance(component, Play):
            await self.open(interaction, "daily")
        elif isinstance(component, BoardPage):
            await self.show_board(interaction, Board(component.kind, component.day), component.page, edit=True)
        elif isinstance(component, Share):
            await self.send_share(interaction, component.day)
        else:
            await self._on_control(interaction, component, lang)

    async def _on_control(self, interaction: Interaction, control: Control, lang: Lang) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await tell(interaction, say("sol_guild_only", lang))
            return
        if not owned_by_clicker(interaction):
            await tell(interaction, say("sol_not_yours", lang))
            return
        await acknowledge(interaction, "update")
        try:
            await self._control(interaction, guild_id, control, lang)
        except Refusal as refusal:
            if refusal.key in ("sol_stale", "sol_paused"):  # the message then shows the game as it stands
                with contextlib.suppress(StoreUnavailable, discord.HTTPException):
                    await self._refresh(interaction, guild_id, control.kind, lang)
            raise

    async def _control(self, interaction: Interaction, guild_id: int, control: Control, lang: Lang) -> None:
        member = interaction.user
        service = self.service
        if control.verb == "again":
            if control.kind == "daily":
                committed = await service.daily(guild_id, member.id, member.display_name)
            else:
                committed = await service.free(guild_id, member.id, member.display_name, None)
            await self._show(interaction, committed.state, lang)
        elif control.verb == "page":
            state = await service.current(guild_id, member.id, control.kind, control.game, control.step)
            await self._show(interaction, state, lang, page=control.number or 0)
        elif control.verb == "hint":
            state = await service.hintable(guild_id, member.id, control.kind, control.game, control.step)
            await self._show(interaction, state, lang, hint=True)
        else:
            committed = await service.act(guild_id, member.id, control.kind, control.move(_values(interaction)))
            await self._show(interaction, committed.state, lang, outcome=committed.outcome)

    async def _refresh(self, interaction: Interaction, guild_id: int, kind: Kind, lang: Lang) -> None:
        """After a stale or paused refusal, the message shows the game as it stands."""
        current = await self.service.read(guild_id, interaction.user.id, kind)
        if current is not None:
            await self._show(interaction, current.state, lang)

    # --- showing a game -------------------------------------------------------------------------

    async def _show(
        self,
        interaction: Interaction,
        state: SolitaireState,
        lang: Lang,
        *,
        outcome: Outcome | None = None,
        page: int = 0,
        hint: bool = False,
    ) -> None:
        now = self.service.now()
        message, clearing = await self._draw(_draw, state, now, lang, outcome, page, hint, self._clearing.get(state.id))
        self._clearing.pop(state.id, None)
        if clearing is not None:
            self._clearing[state.id] = clearing
            if len(self._clearing) > KEPT_CLEARINGS:
                del self._clearing[next(iter(self._clearing))]
        edited = edited_message_id(interaction)
        current = interaction.message.attachments if edited is not None and interaction.message else ()
        listed = self._shown.attachments(edited, message, current)
        shown = await interaction.edit_original_response(
            content=None, attachments=listed, view=view_of(message, self._emojis, listed)
        )
        self._shown.seen(shown)
        key = (state.guild_id, state.member_id, state.kind)
        pause_at = state.game.clock.pause_deadline
        if state.game.over or pause_at is None or state.game.is_paused(now):
            self._live.pop(key, None)
            return
        self._live[key] = LiveView(
            interaction, state.id, state.step, lang, pause_at, self._monotonic() + TOKEN_LIFETIME
        )

    async def run_idle_watch(self) -> None:
        """Hide the board of a game whose clock paused itself (no move for its idle pause): the member
        presses Resume to see it again, so time away from the board is never time on the board."""
        outage = OutageLog(log, "idle solitaire boards stay shown a little longer", "idle boards are hidden again")
        while True:
            try:
                await self._hide_idle_boards()
                outage.answered()
            except StoreUnavailable as error:
                outage.failed(error)
            except Exception:
                log.exception("the solitaire idle watch failed; it goes on")
            await asyncio.sleep(self._tick)

    async def _hide_idle_boards(self) -> None:
        now, monotonic = self.service.now(), self._monotonic()
        for key, live in list(self._live.items()):
            if live.expires < monotonic:
                del self._live[key]
                continue
            if live.pause_at > now:
                continue
            del self._live[key]
            guild_id, member_id, kind = key
            current = await self.service.read(guild_id, member_id, kind)
            if current is None or current.state.id != live.game_id or current.state.step != live.step:
                continue  # moved on elsewhere (another message, another process)
            with contextlib.suppress(discord.HTTPException):
                await self._show(live.interaction, current.state, live.lang)

    # --- leaderboards ---------------------------------------------------------------------------

    async def show_board(self, interaction: Interaction, board: Board, page: int, *, edit: bool) -> None:
        """Post (or, from a button, edit in place) one page of a leaderboard, with the caller's own line."""
        lang = lang_of(interaction.locale)
        guild_id = interaction.guild_id
        if guild_id is None:
            await tell(interaction, say("sol_guild_only", lang))
            return
        await acknowledge(interaction, "update" if edit else "public")
        ledger = self.service.ledger
        user = interaction.user
        count = await ledger.count_ranked(guild_id, board)
        pages = max(1, -(-count // presenter.BOARD_PAGE_SIZE))
        if page > pages:
            raise Refusal("sol_lb_page_out", page=page, pages=pages)
        standings = await ledger.leaderboard(
            guild_id, board, presenter.BOARD_PAGE_SIZE, (page - 1) * presenter.BOARD_PAGE_SIZE
        )
        own = await ledger.rank_of(guild_id, user.id, board)
        own_name = await ledger.pseudonym(guild_id, user.id) or user.display_name
        message = presenter.leaderboard_message(board, page, pages, count, standings, own, own_name, lang)
        await interaction.edit_original_response(
            content=None, view=view_of(message, self._emojis, ()), allowed_mentions=_NO_MENTIONS
        )

    # --- stats and the share ----------------------------------------------------------------------

    async def show_stats(self, interaction: Interaction, member: discord.abc.User) -> None:
        """``/solitaire stats [member]``, privately: the member's figures and, for the caller's own, the
        share of their latest daily with its button."""
        lang = lang_of(interaction.locale)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("sol_guild_only")
        await acknowledge(interaction, "private")
        ledger, today = self.service.ledger, self.service.today()
        figures = await ledger.member_stats(guild_id, member.id, today)
        name = await ledger.pseudonym(guild_id, member.id) or member.display_name
        own = member.id == interaction.user.id
        share = await ledger.latest_daily(guild_id, member.id, today) if own and figures.games else None
        message = presenter.stats_message(name, figures, share, lang)
        await interaction.edit_original_response(
            content=None, view=view_of(message, self._emojis, ()), allowed_mentions=_NO_MENTIONS
        )

    async def send_share(self, interaction: Interaction, day: date) -> None:
        """The share button: the clicker's share of the daily of ``day``, as a private message of its own
        with the text alone, to copy whole (the id is untrusted: the share is read for whoever clicks)."""
        lang = lang_of(interaction.locale)
        guild_id = interaction.guild_id
        if guild_id is None:
            await tell(interaction, say("sol_guild_only", lang))
            return
        await acknowledge(interaction, "private")
        game = await self.service.ledger.latest_daily(guild_id, interaction.user.id, day)
        if game is None or game.day != day:
            raise Refusal("sol_share_none")
        await tell(interaction, presenter.share_text(game, lang))


def _draw(
    state: SolitaireState,
    now: float,
    lang: Lang,
    outcome: Outcome | None,
    page: int,
    hint: bool,
    found: play.Clearing | None = None,
) -> tuple[Message, play.Clearing | None]:
    """The game's message, with the solver's word: a hint when asked, else whether the board is lost;
    and the clearing order of its board the check found or was given (``found``, the one the game's
    message before came with: the next check starts from it, in whichever process it runs)."""
    board = state.game.board
    note = None
    if outcome is not None and outcome.removed is not None:
        a, b = outcome.removed
        note = say("sol_removed", lang, a=play.label(board, a), b=play.label(board, b))
    elif outcome is not None and outcome.undone:
        note = say("sol_undone", lang)
    elif outcome is not None and outcome.continued:
        note = say("sol_continued", lang)
    playing = not state.game.over
    answer = play.hint(board) if hint and playing else None
    removed = outcome.removed if outcome is not None else None
    lost = playing and answer is None and play.lost_cause(board, removed=removed, seed=state.game.seed, found=found)
    message = presenter.game_message(state, now, lang, page=page, note=note, hint=answer, lost=lost)
    return message, play.clearing_order(board)


def _values(interaction: Interaction) -> tuple[str, ...]:
    """A select's chosen values as sent (untrusted: the game checks them)."""
    data: Any = interaction.data or {}
    values = data.get("values") if isinstance(data, dict) else None
    if not isinstance(values, list):
        return ()
    return tuple(str(value)[:20] for value in values[:5])

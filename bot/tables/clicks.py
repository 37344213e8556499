"""The tables' buttons on Discord: parse the id, acknowledge, check who clicked, make the move.

Every click is acknowledged before anything is read: a button that answers with a new private message
(My hand, Claim, Rules, a result's Details) with a private "thinking" reply, the others with a deferred
update of the message they are on. A private message's buttons are its owner's alone, and a table
answers only the server it lives on: the move's transition checks that (``transitions.apply``), so a
click reads the table once. What a move changes is shown by the changes' subscribers (the table
message, the other hands); the clicker's own hand, when they clicked on it, is drawn here, at once.
Refusals and failures are the component handler's to answer (``bot.failures``).

The Activity's button is the exception: Discord's answer to it is the launch itself (a LAUNCH_ACTIVITY
response), so nothing is acknowledged first. Pressed in the channel the table was opened from, not its
thread, it then makes that channel name the table (``DiscordPlaces.launched``), so the Activity opens it
there too. A launch Discord refuses (a client that runs no Activity), or the Activity turned off since the
button was drawn, is answered privately, pointing at the table's own buttons.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.answers import Ack, acknowledge, tell
from bot.components import owned_by_clicker
from bot.drawing import Drawer
from bot.interaction import Interaction
from bot.tables import presenter
from bot.tables.custom_ids import BadCustomId, ButtonId, parse_custom_id
from bot.tables.discord_views import files_of, view_of
from bot.tables.hands import LiveHands
from bot.tables.places import DiscordPlaces
from core.refusal import Refusal
from core.tables.moves import Actor, Lobby, Play
from core.tables.service import TableService
from core.tables.state import TableState
from data.live import StoreError
from words import Lang
from words.messages import lang_of, say

log = logging.getLogger(__name__)

_NEW_PRIVATE_MESSAGE = frozenset({"hand", "claim", "rules", "detail"})
ComputersAllowed = Callable[[int], Awaitable[bool]]
"""Whether a server lets tables seat computers (``/mahjong config``), read at the click."""


class TableClicks:
    def __init__(
        self,
        service: TableService,
        hands: LiveHands,
        draw: Drawer,
        computers_allowed: ComputersAllowed,
        *,
        places: DiscordPlaces | None = None,
        activity: bool = False,
    ) -> None:
        self._places = places
        self._activity = activity
        self._service = service
        self._hands = hands
        self._draw = draw
        self._computers_allowed = computers_allowed

    async def on_button(self, interaction: Interaction, custom_id: str) -> None:
        lang = lang_of(interaction.locale)
        try:
            button = parse_custom_id(custom_id)
        except BadCustomId:
            await tell(interaction, say("unknown_button", lang))
            return
        if button.verb == "launch":
            await self._launch(interaction, button.table, lang)
            return
        await acknowledge(interaction, _ack(button, interaction))
        if not owned_by_clicker(interaction):
            raise Refusal("not_your_message")
        member = interaction.user
        move = button.move()
        if move is None:
            await self._show(interaction, button, lang)
            return
        guild_id = interaction.guild_id
        adding = isinstance(move, Lobby) and move.verb == "add_computer"
        if adding and guild_id is not None and not await self._computers_allowed(guild_id):
            raise Refusal("computers_not_allowed")
        own_hand = isinstance(move, Play) and _from_private_message(interaction)
        if isinstance(move, Play) and move.verb == "standing" and not own_hand:
            raise Refusal("standing_on_hand")  # a member's own choices, set from their own hand only
        committed = await self._service.act(
            button.table,
            Actor(member.id, guild_id, member.display_name),
            move,
            answered_by=member.id if own_hand else None,
        )
        seat = committed.state.seat_of(member.id)
        if isinstance(move, Play) and move.verb == "next" and committed.state.status == "between":
            # only marked ready: the hand waits for the other members (the table message names who is)
            await tell(interaction, say("already_ready", lang))
            return
        if own_hand and seat is not None and committed.state.hand is not None:
            await self._hands.show(interaction, committed.state, committed.version, seat, lang)

    async def _launch(self, interaction: Interaction, table_id: str, lang: Lang) -> None:
        """Launch the Activity where the button was pressed; then, in the channel the table was opened
        from, that channel names the table (a failure there is logged: the launch is answered already)."""
        if not self._activity:
            await tell(interaction, say("activity_unavailable", lang))
            return
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            log.info("the Activity could not be launched (%s %s) for table %s", error.status, error.code, table_id)
            await tell(interaction, say("activity_unavailable", lang))
            return
        channel_id = interaction.channel_id
        if self._places is None or channel_id is None:
            return
        try:
            await self._places.launched(table_id, channel_id)
        except (StoreError, Refusal) as error:
            log.warning("table %s: channel %s could not be made to name it (%r)", table_id, channel_id, error)

    async def _show(self, interaction: Interaction, button: ButtonId, lang: Lang) -> None:
        """The buttons that only show something: a private hand, the rules, a result's details."""
        current = await self._service.read(button.table)
        if current is None:
            raise Refusal("no_table")
        state = current.state
        if state.guild_id != interaction.guild_id:
            raise Refusal("wrong_guild")
        if button.verb == "rules":
            await interaction.edit_original_response(content=presenter.rules_text(state, lang))
            return
        if button.verb == "detail":
            details = await self._draw(presenter.result_details, state, button.step, lang)
            files = files_of(details)
            await interaction.edit_original_response(content=None, attachments=files, view=view_of(details, {}, files))
            return
        seat = _seat(state, interaction.user.id)
        if button.verb == "hint" and not state.settings.hints:
            raise Refusal("no_hints")
        await self._hands.show(
            interaction,
            state,
            current.version,
            seat,
            lang,
            hint=button.verb == "hint",
            claim=button.verb == "claim",
        )


def _seat(state: TableState, member_id: int) -> int:
    seat = state.seat_of(member_id)
    if seat is None:
        raise Refusal("not_seated")
    if state.hand is None:
        raise Refusal("no_hand_yet")
    return seat


def _ack(button: ButtonId, interaction: Interaction) -> Ack:
    """A new private message (a 'thinking' reply that the answer replaces), or an update of the message
    the button is on. Hint redraws the private hand it is on, so one forged on a public message answers
    with a new private message: editing the message it came from would show the clicker's hand to the
    whole table."""
    if button.verb in _NEW_PRIVATE_MESSAGE or (button.verb == "hint" and not _from_private_message(interaction)):
        return "private"
    return "update"


def _from_private_message(interaction: Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral

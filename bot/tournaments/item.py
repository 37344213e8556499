"""The sign-up post's buttons as discord.py sees them: every ``mjt1:`` id, parsed by its handler, so a
forged one gets a private answer and the buttons keep working after a restart."""

from __future__ import annotations

from bot.components import PrefixedItem, prefix_template
from bot.interaction import Interaction
from bot.tournaments.acts import act
from bot.tournaments.custom_ids import PREFIX, parse_button_id
from core.refusal import Refusal


class TournamentButton(PrefixedItem, template=prefix_template(PREFIX)):
    """The sign-up post's buttons: ``on_component`` parses the id, so a forged one gets a private answer."""

    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        found = parse_button_id(custom_id)
        if found is None:
            raise Refusal("no_tournament")
        tournament_id, verb = found
        await act(interaction, verb, tournament_id)

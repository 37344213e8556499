"""The fake Discord's drawing of a message as a phone shows it (README's pictures)."""

from __future__ import annotations


def test_a_message_is_drawn_as_a_phone_shows_it():
    from types import SimpleNamespace

    from tests.fakediscord.preview import WIDTH, render_message

    world = SimpleNamespace(users={}, emojis=[])
    short = SimpleNamespace(
        ephemeral=True,
        attachments=[],
        components=[{"type": 10, "content": "**Classic** · deadline <t:1000:R>"}],
    )
    long = SimpleNamespace(
        ephemeral=False,
        attachments=[],
        components=[
            {"type": 10, "content": "x " * 200},
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "My hand", "custom_id": "a"}]},
        ],
    )
    drawn, taller = render_message(short, world, now=990.0), render_message(long, world, now=990.0)
    assert drawn.width == taller.width == WIDTH and taller.height > drawn.height  # long text wraps

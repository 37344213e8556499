"""The fake Discord itself, driven by a tiny discord.py bot defined here (no project code involved)."""

from __future__ import annotations

import asyncio
import io
import json
import re
import zlib
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from PIL import Image

from tests.fakediscord import DEFAULT_MEMBER_PERMISSIONS, CommandInputError, FakeAttachment, FakeDiscord, FakeMessage
from tests.fakediscord.messages import message_problems

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
EDIT_ORIGINAL = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
CHANNEL_MESSAGES = "POST /channels/{channel_id}/messages"


def png(colour: str = "red", size: tuple[int, int] = (4, 3)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


# --- the demo bot --------------------------------------------------------------------------------------------


class Counter(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"counter:(?P<n>\d+)"):
    """A persistent button: its state is in its custom_id, so it works after a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary)
        )
        self.n = n

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction, item: discord.ui.Button[discord.ui.View], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class Flip(discord.ui.View):
    @discord.ui.button(label="Flip", custom_id="flip", style=discord.ButtonStyle.secondary)
    async def flip(self, interaction: discord.Interaction, button: discord.ui.Button[Flip]) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="flipped", view=self)


class Answer(discord.ui.Modal, title="Your answer"):
    answer: discord.ui.TextInput[Answer] = discord.ui.TextInput(label="Answer", custom_id="answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you said {self.answer.value}", ephemeral=True)


class Pick(discord.ui.View):
    @discord.ui.select(custom_id="pick", options=[discord.SelectOption(label=x, value=x) for x in "abc"])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Pick]) -> None:
        interaction.client.picked = select.values  # type: ignore[attr-defined]
        await interaction.response.send_modal(Answer(custom_id=f"answer:{select.values[0]}"))


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
        self.errors: list[BaseException] = []
        self.error_seen = asyncio.Event()
        self.picked: list[str] = []
        self.seen: list[discord.Message] = []
        self.tree.add_command(demo)
        self.tree.error(self.on_tree_error)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.errors.append(getattr(error, "original", error))
        self.error_seen.set()


demo = app_commands.Group(name="demo", description="Demo commands")


@demo.command(description="Ephemeral pong with a button")
async def ping(interaction: discord.Interaction, times: int = 1) -> None:
    perms = interaction.permissions
    text = f"pong x{times} {interaction.locale.value} {interaction.user.display_name} admin={perms.administrator}"
    await interaction.response.send_message(text, ephemeral=True, view=Flip())


@demo.command(description="A picture with alt text")
async def picture(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        "here", file=discord.File(io.BytesIO(png()), filename="tiles.png", description="three red tiles")
    )
    sent = await interaction.original_response()
    data = await sent.attachments[0].read()
    await interaction.followup.send(f"read {len(data)} bytes", ephemeral=True)


@demo.command(description="Slow: defer, then edit the original with a file")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    msg = await interaction.edit_original_response(
        content="done", attachments=[discord.File(io.BytesIO(png("blue")), filename="hand.png", description="a hand")]
    )
    await interaction.edit_original_response(content="done!", attachments=msg.attachments)


@demo.command(description="Answers too late")
async def late(interaction: discord.Interaction) -> None:
    await asyncio.sleep(0.5)
    await interaction.response.send_message("sorry")


@demo.command(description="Answers twice")
async def twice(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("once")
    await raw_callback(interaction, {"type": 4, "data": {"content": "twice"}})


async def raw_callback(interaction: discord.Interaction, payload: dict[str, Any]) -> None:
    """An initial response as raw JSON, past discord.py's own checks; Discord's refusal is recorded."""
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    try:
        await interaction.client.http.request(route, json=payload)
    except discord.HTTPException as e:
        interaction.client.errors.append(e)  # type: ignore[attr-defined]
        interaction.client.error_seen.set()  # type: ignore[attr-defined]


@demo.command(description="A persistent counter")
async def counter(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    await interaction.response.send_message("count 0", view=view)


@demo.command(description="A thread for a game")
async def game(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(f"starting {name}")
    start = await interaction.original_response()
    thread = await start.create_thread(name=name, auto_archive_duration=60)
    await thread.send(f"welcome to {thread.name}")


@demo.command(description="Close this thread")
async def close(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("closing", ephemeral=True)
    assert isinstance(interaction.channel, discord.Thread)
    await interaction.channel.edit(archived=True)


@demo.command(description="Pick a letter")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick one", view=Pick(), ephemeral=True)


@demo.command(description="Buttons that acknowledge at once and answer half a second later")
async def slow_buttons(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("slow", view=SlowButtons())


class SlowButtons(discord.ui.View):
    """Acknowledge first, work after, as the bot does: the answer comes well after the ack."""

    @discord.ui.button(label="Here", custom_id="slow:here")
    async def here(self, interaction: discord.Interaction, button: discord.ui.Button[SlowButtons]) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.5)
        await interaction.edit_original_response(content="edited here")

    @discord.ui.button(label="Elsewhere", custom_id="slow:elsewhere")
    async def elsewhere(self, interaction: discord.Interaction, button: discord.ui.Button[SlowButtons]) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.5)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("posted elsewhere")


@demo.command(description="Invite players")
async def invite(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("who?", view=Invite())


class Invite(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="invite", max_values=2)
    async def invite(self, interaction: discord.Interaction, select: discord.ui.UserSelect[Invite]) -> None:
        names = sorted(u.display_name for u in select.values)
        await interaction.response.send_message("invited " + " and ".join(names))


async def rules_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=r.title(), value=r) for r in ("classic", "hongkong") if r.startswith(current)]


@demo.command(description="A new game")
@app_commands.autocomplete(rules=rules_autocomplete)
async def new(interaction: discord.Interaction, rules: str, computers: app_commands.Range[int, 0, 3] = 0) -> None:
    await interaction.response.send_message(f"{rules} with {computers} computers")


table = app_commands.Group(name="table", description="Tables", parent=demo)


@table.command(name="open", description="Open a table")
async def table_open(interaction: discord.Interaction, seats: int = 4) -> None:
    await interaction.response.send_message(f"table with {seats} seats")


@demo.command(description="Breaks the followup rules")
async def early(interaction: discord.Interaction) -> None:
    client = interaction.client
    assert isinstance(client, DemoBot)
    try:
        await interaction.followup.send("before any response")
    except discord.HTTPException as e:
        client.errors.append(e)
    await interaction.response.defer()
    await asyncio.sleep(0.3)
    try:
        await interaction.edit_original_response(content="with an expired token")
    except discord.HTTPException as e:
        client.errors.append(e)
    client.error_seen.set()


@demo.command(description="Your hand, privately")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.user.send("your hand: 1m 2m 3m")
    await interaction.response.send_message("check your DMs", ephemeral=True)


def card(text: str, picture: str | None = None) -> discord.ui.LayoutView:
    """A Components V2 message: a text display, a gallery naming ``picture``, a row of one button."""
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text))
    if picture is not None:
        layout.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}", description="alt")))
    layout.add_item(discord.ui.ActionRow(discord.ui.Button(label="Go", custom_id="go")))
    return layout


@demo.command(description="A Components V2 card: deferred, then the layout in an edit; then its limits")
async def card_slow(interaction: discord.Interaction) -> None:
    client = interaction.client
    assert isinstance(client, DemoBot)
    await interaction.response.defer(ephemeral=True, thinking=True)
    shown = await interaction.edit_original_response(
        view=card("your hand", "hand-1.png"),
        attachments=[discord.File(io.BytesIO(png()), filename="hand-1.png", description="alt")],
    )
    # an attachment kept from the upload above, named by its own name
    await interaction.edit_original_response(view=card("your hand, later", "hand-1.png"), attachments=shown.attachments)
    for bad in (
        {"view": card("a picture not uploaded", "missing.png")},
        {"view": card("x" * 4001)},
        {"content": "plain text again", "view": None},
    ):
        try:
            await interaction.edit_original_response(**bad)
        except discord.HTTPException as error:
            client.errors.append(error)
    client.error_seen.set()


@demo.command(description="Defers with the V2 flag, which Discord refuses")
async def card_flagged_defer(interaction: discord.Interaction) -> None:
    await raw_callback(interaction, {"type": 5, "data": {"flags": 64 | (1 << 15)}})


# --- tests ---------------------------------------------------------------------------------------------------


async def test_slash_ephemeral_reply_and_button_edit_in_place() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="fr")
        bob = fake.add_member(guild, name="Bob")
        async with fake.running(DemoBot()) as bot:
            synced = await fake.wait_commands_synced()
            assert [c["name"] for c in synced] == ["demo"]
            assert bot.get_guild(guild.id).get_member(alice.user_id) is not None  # type: ignore[union-attr]

            i = await fake.slash(alice, guild.text_channel, "demo ping", {"times": 2})
            await i.wait_ack()
            assert i.ack_type == 4 and i.ack_seconds is not None and i.ack_seconds < 1
            call = i.calls[0]
            assert call.key == CALLBACK and call.query == {"with_response": "1"} and call.status == 200
            assert call.json["type"] == 4 and call.json["data"]["flags"] == 64
            assert call.json["data"]["content"] == "pong x2 fr Alice admin=False"
            [row] = call.json["data"]["components"]
            assert row["type"] == 1 and row["components"][0]["custom_id"] == "flip"
            msg = i.response
            assert msg is not None and msg.ephemeral and msg.visible_to == alice.user_id
            assert msg.buttons() == [("flip", "Flip", None, False, 2)]
            assert fake.channel_messages(guild.text_channel, ephemeral=False) == []
            assert not fake.events("MESSAGE_CREATE")

            with pytest.raises(CommandInputError):
                await fake.click(bob, msg, "flip")
            forged = await fake.forge_component(bob, msg, "no-such-button")  # discord.py ignores it
            assert forged.payload["data"] == {"custom_id": "no-such-button", "component_type": 2}
            j = await fake.click(alice, msg, "flip")
            await j.wait_ack()
            assert j.payload["message"]["flags"] & 64 and j.payload["message"]["id"] == str(msg.id)
            assert j.ack_type == 7 and j.response is msg
            assert msg.content == "flipped" and msg.edits == 1 and msg.button(label="Flip").disabled
        assert fake.violations == [] and fake.unhandled == []  # the forged click's 3 s had not run out


async def test_admin_permissions_reach_the_interaction() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        ada = fake.add_member(guild, name="Ada", permissions=discord.Permissions.all().value)
        async with fake.running(DemoBot()):
            await fake.wait_commands_synced()
            i = await fake.slash(ada, guild.text_channel, "demo ping")
            await i.wait_ack()
            assert i.response is not None and i.response.content.endswith("Ada admin=True")
            with pytest.raises(CommandInputError):
                await fake.slash(ada, guild.text_channel, "demo ping", {"times": "two"})
            with pytest.raises(CommandInputError):
                await fake.slash(ada, guild.text_channel, "demo nope")
        assert fake.violations == []


async def test_attachment_bytes_description_and_cdn_download() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()):
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo picture")
            await fake.wait_for_call("POST /webhooks/{webhook_id}/{webhook_token}", since=0)  # after the download
            call = i.calls[0]
            assert call.json["type"] == 4 and "flags" not in call.json["data"]
            assert call.json["data"]["attachments"] == [
                {"id": 0, "filename": "tiles.png", "description": "three red tiles"}
            ]
            [f] = call.files
            assert f.filename == "tiles.png" and f.data == png() and f.description == "three red tiles"
            msg = i.response
            assert msg is not None and not msg.ephemeral
            [att] = msg.attachments
            assert (att.filename, att.description, att.data, att.image_size()) == (
                "tiles.png",
                "three red tiles",
                png(),
                (4, 3),
            )
            assert fake.channel_messages(guild.text_channel, ephemeral=False) == [msg]
            assert [e.name for e in fake.events()][-2:] == ["INTERACTION_CREATE", "MESSAGE_CREATE"]
            [followup] = i.followups
            assert followup.ephemeral and followup.content == f"read {len(png())} bytes"
        assert fake.violations == []


async def test_defer_then_edit_original_with_a_file_then_keep_it() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()):
            await fake.wait_commands_synced()
            mark = fake.mark()
            i = await fake.slash(alice, guild.text_channel, "demo slow")
            await i.wait_ack()
            assert i.ack_type == 5
            first = await fake.wait_for_call(EDIT_ORIGINAL, since=mark)
            second = await fake.wait_for_call(EDIT_ORIGINAL, lambda c: c is not first, since=mark)
            assert first.files[0].data == png("blue") and first.files[0].description == "a hand"
            msg = i.response
            assert msg is not None and not msg.loading and msg.content == "done!" and msg.edits == 2
            [att] = msg.attachments
            assert second.files == [] and [a["id"] for a in second.json["attachments"]] == [att.id]  # kept
            assert att.data == png("blue")
        assert fake.violations == []


async def test_a_deferred_update_is_done_once_its_answer_came_however_late() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()):
            await fake.wait_commands_synced()
            command = await fake.slash(alice, guild.text_channel, "demo slow_buttons")
            await command.wait_done(quiet=0.05)
            msg = command.response
            assert msg is not None
            here = await fake.click(alice, msg, "slow:here")
            await here.wait_done(quiet=0.05)  # a quiet spell far shorter than the work after the ack
            assert here.ack_type == 6 and msg.content == "edited here"
            elsewhere = await fake.click(alice, msg, "slow:elsewhere")
            await elsewhere.wait_done(quiet=0.05)
            posted = fake.channel_messages(guild.text_channel)
            assert posted[-1].content == "posted elsewhere" and msg.content == "edited here"
        assert fake.violations == []


async def test_late_initial_response_is_rejected_like_discord() -> None:
    async with FakeDiscord(ack_limit=0.3) as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo late")
            await asyncio.wait_for(bot.error_seen.wait(), 5)
            [error] = bot.errors
            assert isinstance(error, discord.NotFound) and error.code == 10062
            assert not i.acked and i.calls[0].status == 404
        assert len(fake.violations) == 2
        assert "not acknowledged within 0.3 s" in fake.violations[0]
        assert "initial response (type 4)" in fake.violations[1] and "10062" in fake.violations[1]


async def test_second_initial_response_is_rejected() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo twice")
            await asyncio.wait_for(bot.error_seen.wait(), 5)
            [error] = bot.errors
            assert isinstance(error, discord.HTTPException) and error.status == 400 and error.code == 40060
            assert [c.status for c in i.calls] == [200, 400] and i.response is not None
            assert i.response.content == "once"
        assert len(fake.violations) == 1 and "40060" in fake.violations[0]


async def test_thread_from_a_message_reaches_the_bot() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo game", {"name": "Table 1"})
            call = await fake.wait_for_call(CHANNEL_MESSAGES)
            await fake.wait_idle()
            thread = fake.threads[-1]
            assert (thread.type, thread.parent_id, thread.name) == (11, guild.text_channel.id, "Table 1")
            assert i.response is not None and thread.id == i.response.id  # a thread keeps its message's id
            assert call.params == {"channel_id": str(thread.id)}
            assert [e.data["id"] for e in fake.events("THREAD_CREATE")] == [str(thread.id)]
            cached = bot.get_channel(thread.id)
            assert isinstance(cached, discord.Thread) and cached.parent_id == guild.text_channel.id
            assert [m.content for m in fake.channel_messages(thread)] == ["welcome to Table 1"]

            j = await fake.slash(alice, thread, "demo close")
            assert j.payload["channel"]["type"] == 11 and j.payload["channel"]["parent_id"] == str(thread.parent_id)
            archive = await fake.wait_for_call("PATCH /channels/{channel_id}")
            assert archive.json == {"archived": True} and thread.archived
            await fake.wait_idle()
            assert fake.events("THREAD_UPDATE")[-1].data["thread_metadata"]["archived"] is True
            assert bot.get_channel(thread.id) is None  # discord.py drops archived threads from its cache
        assert fake.violations == []


async def test_application_emoji_upload_list_delete() -> None:
    async with FakeDiscord() as fake:
        fake.add_guild()
        bot = DemoBot()
        task = asyncio.create_task(bot.start(fake.token))  # the plain way, without fake.running()
        try:
            await fake.wait_ready()
            assert bot.is_ready()
            emoji = await bot.create_application_emoji(name="tile_1m", image=png())
            assert fake.emojis[0].id == emoji.id and fake.emojis[0].image == png()
            listed = await bot.fetch_application_emojis()
            assert [(e.id, e.name) for e in listed] == [(emoji.id, "tile_1m")]
            await emoji.delete()
            assert fake.emojis == [] and await bot.fetch_application_emojis() == []
            with pytest.raises(discord.HTTPException):
                await bot.create_application_emoji(name="x", image=png())
            assert fake.calls[-1].status == 400 and fake.unhandled == []
        finally:
            await bot.close()
            await task


async def test_injected_server_error_and_rate_limit_are_retried() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        async with fake.running(DemoBot()) as bot:
            channel = bot.get_channel(guild.text_channel.id)
            assert isinstance(channel, discord.TextChannel)
            fake.fail_next(CHANNEL_MESSAGES, status=500)
            fake.fail_next(CHANNEL_MESSAGES, status=429, retry_after=0.05)
            sent = await channel.send("hello")
            statuses = [c.status for c in fake.calls if c.key == CHANNEL_MESSAGES]
            assert statuses == [500, 429, 200]
            assert fake.channel_messages(guild.text_channel)[0].id == sent.id
        assert fake.violations == []


async def test_dynamic_button_survives_a_restart() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()):
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo counter")
            await i.wait_ack()
            msg = i.response
            assert msg is not None and msg.buttons()[0].custom_id == "counter:0"
            await (await fake.click(alice, msg, "counter:0")).wait_ack()
            assert msg.content == "count 1"
        async with fake.running(DemoBot()):  # a new process, same Discord
            await fake.wait_commands_synced(2)
            j = await fake.click(alice, msg, "counter:1")
            await j.wait_ack()
            assert j.ack_type == 7 and msg.content == "count 2"
            assert msg.button(custom_id_prefix="counter:").custom_id == "counter:2"
        assert fake.violations == []


async def test_select_without_resolved_then_modal_submit() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo pick")
            await i.wait_ack()
            assert i.response is not None
            k = await fake.select(alice, i.response, "pick", ["b"])
            await k.wait_ack()
            assert "resolved" not in k.payload["data"] and bot.picked == ["b"]
            assert k.ack_type == 9 and k.modal is not None and k.modal["custom_id"] == "answer:b"
            m = await fake.modal_submit(alice, "answer:b", {"answer": "pung"})
            await m.wait_ack()
            assert m.response is not None and m.response.content == "you said pung" and m.response.ephemeral
        assert fake.violations == []


async def test_gateway_resume_replays_and_message_rules() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            await fake.disconnect(4000)  # Discord drops the socket: discord.py resumes
            await fake.post_message(alice, guild.text_channel, "said while the bot was away")
            await asyncio.wait_for(_until(lambda: bool(bot.seen and fake.events("RESUMED"))), 10)
            assert fake.events("RESUMED") and fake.gateway.live_sessions()
            [seen] = bot.seen
            assert seen.author.id == alice.user_id and seen.content == ""  # no message content intent
            i = await fake.slash(alice, guild.text_channel, "demo ping")
            await i.wait_ack()

            channel = bot.get_channel(guild.text_channel.id)
            assert isinstance(channel, discord.TextChannel)
            with pytest.raises(discord.HTTPException) as too_long:
                await channel.send("x" * 2001)
            assert too_long.value.code == 50035
            with pytest.raises(discord.NotFound):
                await bot.http.request(Route("GET", "/guilds/{guild_id}/bans", guild_id=guild.id))
            assert i.response is not None
            with pytest.raises(discord.NotFound):  # an ephemeral message is not reachable by channel routes
                await channel.fetch_message(i.response.id)
        assert [c.key for c in fake.unhandled] == ["GET /guilds/{guild_id}/bans"]
        assert len(fake.violations) == 2
        assert "content" in fake.violations[0] and "ephemeral" in fake.violations[1]


async def _until(condition: Any) -> None:
    while not condition():
        await asyncio.sleep(0.01)


async def test_message_helpers() -> None:
    m = FakeMessage(
        1,
        2,
        3,
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": "Chow", "custom_id": "claim:chow", "emoji": {"name": "🀄"}},
                    {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org"},
                ],
            }
        ],
    )
    assert m.button(custom_id_prefix="claim:") == ("claim:chow", "Chow", "🀄", False, 1)
    assert m.button(label="Rules").style == 5
    with pytest.raises(LookupError):
        m.button(label="Pung")


async def test_user_select_resolved_autocomplete_and_subcommand_groups() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        bob = fake.add_member(guild, name="Bob", nick="Bobby")
        async with fake.running(DemoBot()):
            await fake.wait_commands_synced()
            a = await fake.autocomplete(alice, guild.text_channel, "demo new", {"rules": "cl"}, focused="rules")
            await a.wait_ack()
            assert a.ack_type == 8 and a.choices == [{"name": "Classic", "value": "classic"}]

            n = await fake.slash(alice, guild.text_channel, "demo new", {"rules": "classic", "computers": 3})
            await n.wait_ack()
            assert n.response is not None and n.response.content == "classic with 3 computers"
            assert n.payload["data"]["options"] == [
                {
                    "name": "new",
                    "type": 1,
                    "options": [
                        {"name": "rules", "type": 3, "value": "classic"},
                        {"name": "computers", "type": 4, "value": 3},
                    ],
                }
            ]
            with pytest.raises(CommandInputError):
                await fake.slash(alice, guild.text_channel, "demo new", {"rules": "classic", "computers": 4})
            with pytest.raises(CommandInputError):
                await fake.slash(alice, guild.text_channel, "demo new", {"computers": 1})

            t = await fake.slash(alice, guild.text_channel, "demo table open", {"seats": 3})
            await t.wait_ack()
            group = t.payload["data"]["options"][0]
            assert (group["type"], group["name"], group["options"][0]["name"]) == (2, "table", "open")
            assert t.response is not None and t.response.content == "table with 3 seats"

            i = await fake.slash(alice, guild.text_channel, "demo invite")
            await i.wait_ack()
            assert i.response is not None
            s = await fake.select(alice, i.response, "invite", [alice, bob])
            await s.wait_ack()
            assert set(s.payload["data"]["resolved"]["members"]) == {str(alice.user_id), str(bob.user_id)}
            assert s.response is not None and s.response.content == "invited Alice and Bobby"
        assert fake.violations == []


async def test_followup_before_ack_and_expired_token_are_rejected() -> None:
    async with FakeDiscord(token_ttl=0.2) as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo early")
            await asyncio.wait_for(bot.error_seen.wait(), 5)
            early, expired = bot.errors
            assert isinstance(early, discord.NotFound) and early.code == 10015
            assert isinstance(expired, discord.HTTPException) and (expired.status, expired.code) == (401, 50027)
            assert [c.status for c in i.calls] == [404, 200, 401]
        assert len(fake.violations) == 2
        assert "before the initial response" in fake.violations[0] and "50027" in fake.violations[1]


async def test_disallowed_privileged_intents_close_4014() -> None:
    async with FakeDiscord(allowed_intents=discord.Intents.none()) as fake:
        fake.add_guild()
        with pytest.raises(discord.PrivilegedIntentsRequired):
            async with fake.running(DemoBot()):
                pass


async def test_gateway_text_frames_zlib_stream_and_bad_token() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        guild = fake.add_guild()
        async with session.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
            assert (await ws.receive_json())["op"] == 10  # HELLO as a text frame
            await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 513, "properties": {}}})
            assert (await ws.receive()).type == aiohttp.WSMsgType.CLOSE and ws.close_code == 4004
        if discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE == "zlib-stream":  # no zstd library here
            async with session.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zstd-stream") as ws:
                assert (await ws.receive_json())["op"] == 10  # text frames, which discord.py reads as they are
        async with session.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream") as ws:
            z = zlib.decompressobj()

            async def frame() -> dict[str, Any]:
                data = await ws.receive_bytes()
                assert data.endswith(b"\x00\x00\xff\xff")  # each message ends with a Z_SYNC_FLUSH
                return dict(json.loads(z.decompress(data)))

            assert (await frame())["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 1, "properties": {}}})
            ready = await frame()
            assert ready["t"] == "READY" and ready["s"] == 1
            assert ready["d"]["resume_gateway_url"] == fake.gateway_url
            assert ready["d"]["application"]["id"] == str(fake.application_id)
            assert ready["d"]["user"]["id"] == str(fake.bot_user.id) and ready["d"]["user"]["bot"] is True
            created = await frame()
            assert created["t"] == "GUILD_CREATE" and created["d"]["id"] == str(guild.id)
            assert [m["user"]["id"] for m in created["d"]["members"]] == [str(fake.bot_user.id)]
            everyone = next(r for r in created["d"]["roles"] if r["id"] == str(guild.id))
            assert int(everyone["permissions"]) == DEFAULT_MEMBER_PERMISSIONS
            await ws.send_json({"op": 1, "d": 2})
            assert (await frame())["op"] == 11
            await ws.send_json({"op": 8, "d": {"guild_id": str(guild.id), "query": "", "limit": 0, "nonce": "n"}})
            chunk = await frame()  # the whole member list needs GUILD_MEMBERS, which intents=1 lacks
            assert chunk["t"] == "GUILD_MEMBERS_CHUNK" and chunk["d"]["members"] == [] and chunk["d"]["nonce"] == "n"


async def test_discord_limits_on_message_contents() -> None:
    def button(cid: str) -> dict[str, Any]:
        return {"type": 2, "style": 1, "label": cid, "custom_id": cid}

    def rows(*rows: list[dict[str, Any]]) -> FakeMessage:
        return FakeMessage(1, 2, 3, components=[{"type": 1, "components": r} for r in rows])

    assert message_problems(rows([button("a")], [button("b")])) == {}
    assert "components" in message_problems(rows(*[[button(f"r{n}")] for n in range(6)]))
    assert "components.0.components" in message_problems(rows([button(f"b{n}") for n in range(6)]))
    assert any("cannot be duplicated" in v for v in message_problems(rows([button("x")], [button("x")])).values())
    assert any("100 or fewer" in v for v in message_problems(rows([button("x" * 101)])).values())
    options = [{"label": str(n), "value": str(n)} for n in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    assert "components.0.components.0.options" in message_problems(rows([select]))
    m = FakeMessage(1, 2, 3, attachments=[FakeAttachment(9, "a.png", b"", "image/png", "d" * 1025)])
    assert list(message_problems(m)) == ["attachments.0.description"]


async def test_direct_messages_and_a_command_in_a_dm() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        async with fake.running(DemoBot()) as bot:
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo hand")
            await i.wait_done()
            dm = fake.dm_channel(alice)
            assert dm is not None and dm.type == 1 and dm.recipient_ids == [alice.user_id]
            [sent] = fake.channel_messages(dm)
            assert sent.content == "your hand: 1m 2m 3m" and sent.guild_id is None
            j = await fake.slash(alice, dm, "demo ping")
            await j.wait_ack()
            assert "member" not in j.payload and j.payload["user"]["id"] == str(alice.user_id)
            assert isinstance(bot.get_channel(dm.id), discord.DMChannel)
            assert j.response is not None and j.response.channel_id == dm.id
        assert fake.violations == []


async def test_a_socket_closing_under_a_send_is_a_dropped_connection_not_a_failure_of_the_fake() -> None:
    from tests.fakediscord.gateway import Connection

    class ClosingSocket:
        closed = False

        async def send_str(self, data: str) -> None:
            raise aiohttp.ClientConnectionResetError("Cannot write to closing transport")

    connection = Connection(ClosingSocket(), None, None)  # type: ignore[arg-type]
    await connection.send({"op": 0, "t": "MESSAGE_CREATE", "s": 1, "d": {}})  # returns, raising nothing


async def test_a_components_v2_card_is_set_in_an_edit_keeps_its_pictures_and_obeys_the_v2_rules() -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        alice = fake.add_member(guild, name="Alice")
        bot = DemoBot()
        async with fake.running(bot):
            await fake.wait_commands_synced()
            i = await fake.slash(alice, guild.text_channel, "demo card_slow")
            await asyncio.wait_for(bot.error_seen.wait(), 10)
            msg = i.response
            assert msg is not None and msg.ephemeral and msg.flags & (1 << 15) and msg.content == ""
            assert msg.text() == "your hand, later" and msg.edits == 2
            [gallery] = [c for c in msg.iter_components() if c["type"] == 12]
            assert gallery["items"][0]["media"]["url"] == "attachment://hand-1.png"
            assert [a.filename for a in msg.attachments] == ["hand-1.png"]
            # Discord answers with the attachment's own address in place of attachment://
            answered = [call.response for call in fake.calls if call.key == EDIT_ORIGINAL and call.status == 200]
            [media] = [c["items"][0]["media"] for c in answered[-1]["components"] if c["type"] == 12]
            assert media["url"].startswith(fake.cdn_url) and media["attachment_id"] == str(msg.attachments[0].id)
            # the three bad edits: a picture the message lacks, 4 001 characters, and the flag dropped
            assert [error.status for error in bot.errors] == [400, 400, 400]
            assert len(fake.violations) == 3
            assert "missing.png names no attachment" in fake.violations[0]
            assert "4001 characters" in fake.violations[1]
            assert "cannot have content" in fake.violations[2]
            fake.violations.clear()
            bot.errors.clear()
            bot.error_seen.clear()
            await fake.slash(alice, guild.text_channel, "demo card_flagged_defer")
            await asyncio.wait_for(bot.error_seen.wait(), 10)
            assert [error.status for error in bot.errors] == [400]
            assert fake.violations and "deferred response cannot carry IS_COMPONENTS_V2" in fake.violations[0]
            fake.violations.clear()


async def test_components_v2_limits() -> None:
    def layout(*components: dict[str, Any], attachments: tuple[str, ...] = ()) -> FakeMessage:
        return FakeMessage(
            1,
            2,
            3,
            components=list(components),
            flags=1 << 15,
            attachments=[FakeAttachment(n, name, b"", "image/png") for n, name in enumerate(attachments)],
        )

    text = {"type": 10, "content": "hello"}
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "a"}]}
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://t.png"}, "description": "alt"}]}
    assert message_problems(layout(text, gallery, row, attachments=("t.png",))) == {}
    assert message_problems(layout({"type": 17, "components": [text, gallery, row]}, attachments=("t.png",))) == {}
    # 40 components counted nested: 13 rows of two buttons are 39, plus the text 40; one more is refused
    pair = [{"type": 2, "style": 1, "label": str(n), "custom_id": f"{r}-{n}"} for r in range(13) for n in range(2)]
    rows = [{"type": 1, "components": pair[2 * r : 2 * r + 2]} for r in range(13)]
    assert message_problems(layout(text, *rows)) == {}
    assert "components" in message_problems(layout(text, text, *rows))
    assert "components.0.type" in message_problems(layout({"type": 2, "style": 1, "label": "a", "custom_id": "b"}))
    container_in_container = {"type": 17, "components": [{"type": 17, "components": [text]}]}
    assert "components.0.components.0.type" in message_problems(layout(container_in_container))
    six = {"type": 1, "components": [{"type": 2, "style": 1, "label": str(n), "custom_id": str(n)} for n in range(6)]}
    assert "components.0.components" in message_problems(layout(six))
    assert "content" in message_problems(FakeMessage(1, 2, 3, content="hi", components=[text], flags=1 << 15))

"""A message as a phone's Discord app shows it, drawn from what the fake received: its Components V2
text, its pictures, its buttons with the bot's emojis. For looking at the bot as a member would (and for
the pictures in README): a likeness in Discord's dark theme, not Discord's own renderer; markdown is
read as far as the bot uses it (bold, timestamps, mentions, custom emojis).
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH = 390  # a phone's width, in CSS pixels
PAD = 12
BACKGROUND = (49, 51, 56)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
BUTTONS = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60)}
_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans{}.ttf"
_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
_TOKEN = re.compile(r"\*\*|`|<t:(\d+):R>|<@!?(\d+)>|<a?:(\w+):(\d+)>")
Style = str  # "", "bold" or "code"


def _font(size: int, bold: bool = False, code: bool = False) -> ImageFont.FreeTypeFont:
    try:
        return ImageFont.truetype(_MONO if code else _DEJAVU.format("-Bold" if bold else ""), size)
    except OSError:
        from render.fonts import latin

        return latin(size, bold=bold)


def _relative(when: int, now: float) -> str:
    seconds = round(when - now)
    amount = abs(seconds)
    unit = "second" if amount < 60 else "minute" if amount < 3600 else "hour"
    count = amount if unit == "second" else amount // (60 if unit == "minute" else 3600)
    said = f"{count} {unit}{'s' if count != 1 else ''}"
    return f"in {said}" if seconds >= 0 else f"{said} ago"


class _Pieces:
    """A text's runs: (text, bold) and (emoji image,) pieces, laid out in lines that wrap."""

    def __init__(self, world: Any, now: float) -> None:
        self._world = world
        self._now = now

    def runs(self, text: str) -> Iterator[tuple[str, Style] | tuple[Image.Image]]:
        bold = code = False
        at = 0
        for found in _TOKEN.finditer(text):
            style = "code" if code else "bold" if bold else ""
            if found.start() > at:
                yield (text[at : found.start()], style)
            at = found.end()
            if found.group(0) == "**":
                bold = not bold
            elif found.group(0) == "`":
                code = not code
            elif found.group(1):
                yield (_relative(int(found.group(1)), self._now), style)
            elif found.group(2):
                user = self._world.users.get(int(found.group(2)))
                yield (f"@{getattr(user, 'name', 'someone')}", "bold")
            else:
                emoji = next((e for e in self._world.emojis if e.id == int(found.group(4))), None)
                if emoji is not None:
                    yield (Image.open(io.BytesIO(emoji.image)).convert("RGBA"),)
        if at < len(text):
            yield (text[at:], "code" if code else "bold" if bold else "")


def _draw_text(canvas: Image.Image, top: int, text: str, pieces: _Pieces, width: int, left: int = PAD) -> int:
    """Draw ``text`` from ``top``, wrapped at ``width``; the height it took."""
    draw = ImageDraw.Draw(canvas)
    size, line_height = 14, 20
    y = top
    for paragraph in text.split("\n"):
        x = left
        heading = paragraph.startswith("**") and paragraph.endswith("**")
        for run in pieces.runs(paragraph):
            if len(run) == 1:
                emoji = run[0].resize((20, 20))
                if x + 22 > left + width:
                    x, y = left, y + line_height
                canvas.alpha_composite(emoji, (x, y))
                x += 22
                continue
            words, style = run
            font = _font(size + (2 if heading else 0), style == "bold" or heading, style == "code")
            for word in re.split(r"(\s+)", words):
                advance = draw.textlength(word, font=font)
                if x + advance > left + width and word.strip():
                    x, y = left, y + line_height
                if x == left and not word.strip():
                    continue
                while x + advance > left + width and len(word) > 1:  # a word longer than the line breaks
                    cut = len(word)
                    while cut > 1 and x + draw.textlength(word[:cut], font=font) > left + width:
                        cut -= 1
                    draw.text((x, y), word[:cut], fill=TEXT, font=font)
                    word, x, y = word[cut:], left, y + line_height
                    advance = draw.textlength(word, font=font)
                draw.text((x, y), word, fill=TEXT, font=font)
                x += int(advance)
        y += line_height + (4 if heading else 0)
    return y - top


def _button_size(button: dict[str, Any]) -> tuple[int, int]:
    label = button.get("label") or ""
    width = int(ImageDraw.Draw(Image.new("RGB", (1, 1))).textlength(label, font=_font(13, True))) + 24
    return width + (24 if button.get("emoji") else 0), 32


def _draw_button(canvas: Image.Image, x: int, y: int, button: dict[str, Any], world: Any) -> None:
    width, height = _button_size(button)
    colour = BUTTONS.get(button.get("style", 2), BUTTONS[2])
    layer = Image.new("RGBA", (width, height))
    draw = ImageDraw.Draw(layer)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 4, fill=colour)
    text_x = 12
    emoji = button.get("emoji") or {}
    found = next((e for e in world.emojis if str(e.id) == str(emoji.get("id"))), None)
    if found is not None:
        layer.alpha_composite(Image.open(io.BytesIO(found.image)).convert("RGBA").resize((18, 18)), (10, 7))
        text_x = 34
    draw.text((text_x, 8), button.get("label") or "", fill=(255, 255, 255), font=_font(13, True))
    if button.get("disabled"):
        layer.putalpha(layer.getchannel("A").point(lambda alpha: alpha // 2))
    canvas.alpha_composite(layer, (x, y))


def render_message(message: Any, world: Any, now: float | None = None, name: str = "Mahjong") -> Image.Image:
    """``message`` (a ``FakeMessage`` with Components V2) as a phone shows it, on a tall canvas cropped
    to what was drawn."""
    now = time.time() if now is None else now
    pieces = _Pieces(world, now)
    canvas = Image.new("RGBA", (WIDTH, 4000), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.ellipse((PAD, PAD, PAD + 36, PAD + 36), fill=(88, 101, 242))
    draw.text((PAD + 46, PAD + 2), name, fill=(255, 255, 255), font=_font(15, True))
    tag_x = PAD + 50 + int(draw.textlength(name, font=_font(15, True)))
    draw.rounded_rectangle((tag_x, PAD + 4, tag_x + 32, PAD + 20), 3, fill=(88, 101, 242))
    draw.text((tag_x + 4, PAD + 5), "APP", fill=(255, 255, 255), font=_font(10, True))
    if message.ephemeral:
        draw.text((PAD + 46, PAD + 22), "Only you can see this", fill=MUTED, font=_font(11))
    y = PAD + 44
    inner = WIDTH - 2 * PAD
    attachments = {a.filename: a for a in message.attachments}
    for component in message.components:
        kind = component.get("type")
        if kind == 10:
            y += _draw_text(canvas, y, component.get("content", ""), pieces, inner) + 6
        elif kind == 14:
            draw.line((PAD, y + 4, WIDTH - PAD, y + 4), fill=(63, 65, 71), width=1)
            y += 10
        elif kind == 12:
            for item in component.get("items", []):
                found = attachments.get(str(item.get("media", {}).get("url", "")).rpartition("/")[2])
                if found is None:
                    continue
                picture = Image.open(io.BytesIO(found.data)).convert("RGBA")
                scaled = picture.resize((inner, round(picture.height * inner / picture.width)), Image.LANCZOS)
                canvas.alpha_composite(scaled, (PAD, y))
                y += scaled.height + 8
        elif kind == 1:
            x = PAD
            for button in component.get("components", []):
                width, height = _button_size(button)
                if x + width > WIDTH - PAD:
                    x, y = PAD, y + height + 6
                _draw_button(canvas, x, y, button, world)
                x += width + 6
            y += 38
        elif kind == 9:
            accessory = component.get("accessory", {})
            width, height = _button_size(accessory)
            text_height = 0
            for part in component.get("components", []):
                text_height += _draw_text(canvas, y + 6, part.get("content", ""), pieces, inner - width - 8)
            _draw_button(canvas, WIDTH - PAD - width, y, accessory, world)
            y += max(text_height + 6, height) + 6
    return canvas.crop((0, 0, WIDTH, y + PAD)).convert("RGB")

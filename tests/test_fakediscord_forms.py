"""The fake's multipart reader against the bodies aiohttp writes for discord.py (``FormData`` with
``quote_fields=False``, as ``discord.http`` builds it), and against bodies Discord would refuse."""

from __future__ import annotations

import asyncio
import io
import json

import aiohttp
import pytest

from tests.fakediscord.forms import MalformedForm, boundary_of, parse_form


class _Sink:
    def __init__(self) -> None:
        self.body = b""

    async def write(self, data: bytes) -> None:
        self.body += data


def _written(fields: list[dict]) -> tuple[bytes, str]:
    form = aiohttp.FormData(quote_fields=False)
    for field in fields:
        form.add_field(**field)
    writer = form()
    sink = _Sink()
    asyncio.run(writer.write(sink))
    return sink.body, writer.content_type


def test_the_payload_and_files_discordpy_sends_are_read_back_exactly():
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40 + b"\r\n--not-a-boundary\r\n\r\n"
    payload = {"content": "Tour de Bérénice", "attachments": [{"id": 0, "description": "table"}]}
    body, content_type = _written(
        [
            {"name": "payload_json", "value": json.dumps(payload), "content_type": "application/json"},
            {"name": "files[0]", "value": io.BytesIO(png), "filename": "table-ab12-7.png", "content_type": "image/png"},
            {"name": "files[1]", "value": io.BytesIO(b""), "filename": "main é.png", "content_type": "image/png"},
        ]
    )
    parts = parse_form(body, boundary_of(content_type))
    assert [(p.name, p.filename, p.content_type) for p in parts] == [
        ("payload_json", None, "application/json"),
        ("files[0]", "table-ab12-7.png", "image/png"),
        ("files[1]", "main é.png", "image/png"),
    ]
    assert json.loads(parts[0].data) == payload
    assert parts[1].data == png and parts[2].data == b""


def test_a_quoted_boundary_and_an_rfc5987_filename():
    body = b"--b 1\r\n" + (
        b"Content-Disposition: form-data; name=\"files[0]\"; filename*=utf-8''tabl%C3%A9.png\r\n\r\nxy\r\n--b 1--\r\n"
    )
    parts = parse_form(body, boundary_of('multipart/form-data; boundary="b 1"'))
    assert [(p.name, p.filename, p.data) for p in parts] == [("files[0]", "tablé.png", b"xy")]


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b'--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n',  # never closed
        b'--b\r\nContent-Disposition: form-data; name="a"\r\nvalue\r\n--b--\r\n',  # no blank line
        b"--b\r\nContent-Disposition form-data\r\n\r\nvalue\r\n--b--\r\n",  # a header without a colon
        b'--b\r\nContent-Disposition: attachment; name="a"\r\n\r\nvalue\r\n--b--\r\n',  # not form-data
        b"--bvalue--b--",  # parts not framed by line breaks
    ],
)
def test_bodies_discord_would_refuse_are_malformed(body):
    with pytest.raises(MalformedForm):
        parse_form(body, "b")


def test_a_content_type_without_a_boundary_is_malformed():
    with pytest.raises(MalformedForm):
        boundary_of("multipart/form-data")

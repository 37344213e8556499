"""The multipart bodies discord.py sends (``aiohttp.FormData``: a ``payload_json`` part, then ``files[n]``
parts), read in one pass over the bytes.

aiohttp's streaming reader parses each part's headers with the standard library's e-mail parser; under
load (``benchmarks/load.py``: a hundred requests a second, each with a PNG) that parser cost the fake
about a quarter of its CPU, which the bot's own process then lacked on a 2-core machine.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

_PARAMETER = re.compile(r';\s*([A-Za-z0-9_.-]+\*?)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)')


class MalformedForm(ValueError):
    """Not a multipart body Discord would read."""


@dataclass(frozen=True)
class FormPart:
    name: str
    filename: str | None
    content_type: str | None
    data: bytes


def boundary_of(content_type: str) -> str:
    for key, value in _PARAMETER.findall(content_type):
        if key.lower() == "boundary":
            return _unquoted(value)
    raise MalformedForm("no boundary in the content type")


def parse_form(body: bytes, boundary: str) -> list[FormPart]:
    """The parts of ``body``, in order."""
    delimiter = b"--" + boundary.encode("latin-1")
    chunks = body.split(delimiter)
    if len(chunks) < 2 or not chunks[-1].startswith(b"--"):
        raise MalformedForm("the body does not end with its closing delimiter")
    parts = []
    for chunk in chunks[1:-1]:
        if not (chunk.startswith(b"\r\n") and chunk.endswith(b"\r\n")):
            raise MalformedForm("a part is not framed by line breaks")
        head, separator, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not separator:
            raise MalformedForm("a part has no blank line after its headers")
        parts.append(_part(head.decode("utf-8", errors="replace"), data))
    return parts


def _part(head: str, data: bytes) -> FormPart:
    headers = {}
    for line in head.split("\r\n"):
        key, colon, value = line.partition(":")
        if not colon:
            raise MalformedForm(f"a part's header line has no colon: {line!r}")
        headers[key.strip().lower()] = value.strip()
    disposition = headers.get("content-disposition", "")
    if not disposition.lower().startswith("form-data"):
        raise MalformedForm("a part is not form-data")
    parameters = {key.lower(): _unquoted(value) for key, value in _PARAMETER.findall(disposition)}
    filename = parameters.get("filename")
    if "filename*" in parameters:  # RFC 5987: charset''percent-encoded
        _, _, encoded = parameters["filename*"].partition("''")
        filename = urllib.parse.unquote(encoded)
    return FormPart(parameters.get("name", ""), filename, headers.get("content-type"), data)


def _unquoted(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value

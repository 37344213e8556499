"""The loopback HTTP server: REST under ``/api/v10``, the gateway websocket at ``/gateway``, a CDN at ``/cdn``.

Every REST request becomes a :class:`Call` (recorded before it is answered), may be failed on purpose
(``fail_next``), then goes to its handler in ``rest.py``. Replies carry ``Content-Type: application/json``
exactly, as discord.py's ``json_or_text`` compares the header verbatim.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
import traceback
import urllib.parse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .forms import MalformedForm, boundary_of, parse_form
from .messages import FakeFile
from .payloads import ATTACHMENT_SIZE_LIMIT
from .rest import BEARER_ROUTES, CLIENT_CREDENTIAL_ROUTES, DiscordError, OAuthError, Request
from .routes import Router, discordpy_templates
from .state import Call

if TYPE_CHECKING:
    from .fake import FakeDiscord

API_PREFIX = re.compile(r"^/api/v\d+")


@dataclass
class Fault:
    pattern: str
    status: int | None  # None: answered as usual, after ``delay``
    times: int
    json: Any
    retry_after: float | None
    delay: float = 0.0

    def matches(self, call: Call) -> bool:
        return call.matches(self.pattern)


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    out = dict(headers or {})
    if body is None and status == 204:
        return web.Response(status=204, headers=out)
    out["Content-Type"] = "application/json"
    return web.Response(status=status, body=json.dumps(body).encode(), headers=out)


def ratelimit_headers(call: Call, remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": "50",
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": f"fake{abs(hash(call.key)) % 10**8:08d}",
    }


class Server:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.faults: list[Fault] = []
        self.known = Router()
        for method, path in discordpy_templates():
            self.known.add(method, path)
        self.app = web.Application(client_max_size=64 * 1024 * 1024)
        self.app.router.add_get("/gateway", fake.gateway.handle)
        self.app.router.add_get("/cdn/{tail:.*}", self.cdn)
        self.app.router.add_route("*", "/api/{tail:.*}", self.rest)
        self.runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str) -> int:
        self.runner = web.AppRunner(self.app, handle_signals=False, shutdown_timeout=1.0, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, 0)
        await site.start()
        self.port = int(self.runner.addresses[0][1])
        return self.port

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    # --- REST -----------------------------------------------------------------------------------------------

    async def _read_body(self, request: web.Request) -> tuple[Any, list[FakeFile]]:
        files: list[FakeFile] = []
        if request.content_type == "multipart/form-data":
            payload: Any = None
            try:
                parts = parse_form(await request.read(), boundary_of(request.headers.get("Content-Type", "")))
                for part in parts:
                    if part.name == "payload_json":
                        payload = json.loads(part.data)
                    elif part.name.startswith("files["):
                        number = part.name[6:-1]
                        index = int(number) if number.isdigit() else len(files)
                        files.append(
                            FakeFile(
                                part.filename or f"file{index}",
                                part.data,
                                part.content_type or "application/octet-stream",
                                index=index,
                            )
                        )
            except (MalformedForm, ValueError):
                raise DiscordError(400, 50035, "Invalid Form Body") from None
            described: list[dict[str, Any]] = []
            if isinstance(payload, dict):
                described = payload.get("attachments") or (payload.get("data") or {}).get("attachments") or []
            for f in files:
                entry = next((a for a in described if str(a.get("id")) == str(f.index)), None)
                if entry is not None:
                    f.description = entry.get("description")
                    f.filename = entry.get("filename") or f.filename
            return payload, files
        raw = await request.read()
        if not raw:
            return None, files
        if request.content_type == "application/x-www-form-urlencoded":  # the OAuth2 token exchange
            return dict(urllib.parse.parse_qsl(raw.decode("utf-8", "replace"))), files
        try:
            return json.loads(raw), files
        except ValueError:
            raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None

    async def rest(self, request: web.Request) -> web.Response:
        fake = self.fake
        world = fake.world
        at = fake.loop_time()
        raw_path = API_PREFIX.sub("", request.rel_url.raw_path)
        method = request.method
        handled = fake.rest.router.resolve(method, raw_path)
        found = handled or self.known.resolve(method, raw_path)
        template, params = found if found else (None, {})
        call = Call(
            method,
            template.path if template else raw_path,
            str(request.url),
            params,
            dict(request.query),
            None,
            [],
            at,
            headers=dict(request.headers),
        )
        try:
            call.json, call.files = await self._read_body(request)
        except DiscordError as e:
            return self._finish(call, e.status, e.body())
        token = params.get("webhook_token")
        if token is not None:
            call.interaction = world.tokens.get(token)
        world.calls.append(call)
        if call.interaction is not None:
            call.interaction.calls.append(call)
            call.interaction.last_activity = at

        authorization = request.headers.get("Authorization", "")
        key = handled[0].key if handled else None
        bearer = world.access_tokens.get(authorization[7:]) if authorization.startswith("Bearer ") else None
        if bearer is not None and key not in BEARER_ROUTES:
            bearer = None  # a user's token of scope identify reaches /users/@me and nothing else
        authorized = authorization == f"Bot {world.token}" or bearer is not None or key in CLIENT_CREDENTIAL_ROUTES
        if token is None and not authorized:
            return self._finish(call, 401, {"message": "401: Unauthorized", "code": 0})
        fault = next((f for f in self.faults if f.times > 0 and f.matches(call)), None)
        if fault is not None:
            fault.times -= 1
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.status is not None:
                return self._fault(call, fault)
        if handled is None:
            world.unhandled.append(call)
            return self._finish(call, 404, {"message": "404: Not Found", "code": 0})
        too_big = [f for f in call.files if len(f.data) > ATTACHMENT_SIZE_LIMIT]
        if too_big:
            world.violations.append(
                f"{call.key}: file {too_big[0].filename!r} is {len(too_big[0].data)} bytes "
                f"(limit {ATTACHMENT_SIZE_LIMIT}): 413 40005"
            )
            return self._finish(call, 413, {"message": "Request entity too large", "code": 40005})
        req = Request(call, params, call.query, call.json, call.files, bearer=bearer)
        try:
            body = await fake.rest.handle(handled[0].key, req)
        except (DiscordError, OAuthError) as e:
            return self._finish(call, e.status, e.body())
        except Exception as e:  # a bug in the fake: answer at once (a 5xx would be retried for 20 s)
            world.internal_errors.append(f"{call.key}: {''.join(traceback.format_exception(e))}")
            return self._finish(call, 400, {"message": f"fake Discord internal error: {e!r}", "code": 0})
        return self._finish(call, 204 if body is None else 200, body, ratelimit_headers(call, 49, 1.0))

    def _fault(self, call: Call, fault: Fault) -> web.Response:
        if fault.status == 429:
            retry = fault.retry_after if fault.retry_after is not None else 0.05
            body = fault.json or {"message": "You are being rate limited.", "retry_after": retry, "global": False}
            headers = {
                **ratelimit_headers(call, 0, retry),
                "Retry-After": str(max(1, math.ceil(retry))),
                "X-RateLimit-Scope": "user",
                "Via": "1.1 google",
            }
            return self._finish(call, 429, body, headers)
        default = {"message": f"{fault.status}: injected failure", "code": 0}
        return self._finish(call, fault.status, fault.json if fault.json is not None else default)

    def _finish(self, call: Call, status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
        call.status, call.response = status, body
        self.fake.call_finished(call)
        return json_response(status, body, headers)

    # --- CDN ------------------------------------------------------------------------------------------------

    async def cdn(self, request: web.Request) -> web.StreamResponse:
        parts = request.match_info["tail"].split("/")
        world = self.fake.world
        if len(parts) >= 3 and parts[0] == "attachments" and parts[2].isdigit():
            att = world.attachments.get(int(parts[2]))
            if att is not None:
                return web.Response(body=att.data, headers={"Content-Type": att.content_type})
        if len(parts) == 2 and parts[0] == "emojis":
            emoji_id = parts[1].split(".")[0]
            e = next((e for e in world.emojis if str(e.id) == emoji_id), None)
            if e is not None:
                return web.Response(body=e.image, headers={"Content-Type": e.content_type})
        return web.Response(status=404, text="Not Found")

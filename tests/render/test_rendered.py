"""A finished picture names its bytes where it is drawn, and keeps that name on its way to the bot."""

from __future__ import annotations

import hashlib
import pickle

from render import rendered
from render.rendered import Rendered


def test_a_picture_is_named_by_its_bytes_once_where_it_is_drawn(monkeypatch):
    picture = Rendered(b"\x89PNG one", "alt", 1, 1)
    assert picture.digest == hashlib.blake2b(b"\x89PNG one", digest_size=8).hexdigest()
    assert Rendered(b"\x89PNG two", "alt", 1, 1).digest != picture.digest
    hashed = []
    monkeypatch.setattr(rendered.hashlib, "blake2b", lambda *args, **keywords: hashed.append(args))
    back = pickle.loads(pickle.dumps(picture))  # from a drawing process to the bot
    assert back == picture and back.digest == picture.digest and hashed == []

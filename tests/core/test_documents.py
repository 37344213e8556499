"""The readers of untrusted stored documents (core/documents.py): each takes a value of exactly its type
within its limits and refuses anything else with its document's own error, and the documents that use
them refuse a damaged value with that error."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.documents import DocumentReader
from core.tables.finished import MatchRating, SheetRow
from core.tournaments.document import TournamentDocumentError
from core.tournaments.document import from_document as tournament_from_document


class StoredThingError(ValueError):
    """A document's own error, as each document defines one."""


reader = DocumentReader(StoredThingError)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


def test_good_values_come_back_as_they_are():
    assert reader.integer(-3) == -3 and reader.integer(0, low=0) == 0
    assert reader.optional_integer(None) is None and reader.optional_integer(7) == 7
    assert reader.int_or_float(2) == 2 and type(reader.int_or_float(2)) is int
    assert reader.int_or_float(2.5) == 2.5
    assert reader.number(2) == 2.0 and type(reader.number(2)) is float
    assert reader.number(0, low=0) == 0.0 and reader.optional_number(None, low=0) is None
    assert reader.boolean(False) is False and reader.boolean(True) is True
    assert reader.text("", 5) == "" and reader.text("abcde", 5, shortest=1) == "abcde"
    assert reader.optional_text(None, 5) is None and reader.optional_text("ab", 5) == "ab"
    assert reader.mapping({"a": 1}) == {"a": 1} and reader.optional_mapping(None) is None
    assert reader.listed([1, "a"]) == [1, "a"]


@pytest.mark.parametrize(
    ("read", "value"),
    [
        (reader.integer, True),  # a bool is an int to Python, never to a document
        (reader.integer, False),
        (reader.integer, 1.0),
        (reader.integer, "1"),
        (reader.integer, None),
        (reader.optional_integer, True),
        (reader.int_or_float, True),
        (reader.number, False),
        (reader.number, "2.5"),
        (reader.number, None),
        (reader.optional_number, True),
        (reader.boolean, 1),
        (reader.boolean, 0),
        (reader.boolean, "false"),
        (reader.boolean, None),
        (reader.mapping, []),
        (reader.mapping, None),
        (reader.optional_mapping, "{}"),
        (reader.listed, {}),
        (reader.listed, "[]"),
        (reader.listed, (1, 2)),
    ],
)
def test_a_value_of_another_type_is_refused_with_the_documents_error(read, value):
    with pytest.raises(StoredThingError):
        read(value)


def test_text_is_a_str_within_its_lengths():
    for wrong in (None, 5, b"bytes", ["a"]):
        with pytest.raises(StoredThingError):
            reader.text(wrong, 10)
    with pytest.raises(StoredThingError):
        reader.text("x" * 11, 10)
    with pytest.raises(StoredThingError):
        reader.text("", 10, shortest=1)
    with pytest.raises(StoredThingError):
        reader.optional_text("", 10, shortest=1)


def test_lower_limits_are_inclusive():
    assert reader.integer(5, low=5) == 5 and reader.number(0.5, low=0.5) == 0.5
    with pytest.raises(StoredThingError):
        reader.integer(-1, low=0)
    with pytest.raises(StoredThingError):
        reader.number(-0.5, low=0)
    with pytest.raises(StoredThingError):
        reader.int_or_float(-1, low=0)
    with pytest.raises(StoredThingError):
        reader.optional_number(-1.0, low=0)


def test_an_integer_too_large_for_a_float_is_refused_as_a_number_but_kept_exact():
    huge = 10**400
    assert reader.int_or_float(huge) == huge
    with pytest.raises(StoredThingError):
        reader.number(huge)


def test_a_refusal_says_what_was_expected_and_a_long_value_cut_short():
    with pytest.raises(StoredThingError) as refused:
        reader.text("x" * 5000, 200)
    message = str(refused.value)
    assert message.startswith("expected a text of 0 to 200 characters") and len(message) < 150
    with pytest.raises(StoredThingError, match="an integer of"):  # too long for Python to print
        reader.boolean(10**5000)


@given(json_values)
def test_each_reader_takes_exactly_its_json_type(value):
    """Over any JSON value: an integer is an int and not a bool, a number an int or a float and not a bool,
    a bool a bool, an object a dict, a list a list."""
    roundtrip = json.loads(json.dumps(value))
    for read, takes in (
        (reader.integer, type(roundtrip) is int),
        (reader.number, type(roundtrip) in (int, float)),
        (reader.boolean, type(roundtrip) is bool),
        (reader.mapping, isinstance(roundtrip, dict)),
        (reader.listed, isinstance(roundtrip, list)),
    ):
        if takes:
            read(roundtrip)
        else:
            with pytest.raises(StoredThingError):
                read(roundtrip)


def test_the_documents_refuse_with_their_own_errors():
    with pytest.raises(TournamentDocumentError):
        tournament_from_document({"format": 1, "settings": []})
    # a finished hand's parts raise ValueError, which the table's reader turns into its own error
    with pytest.raises(ValueError):
        SheetRow.from_document([0, 0, True, 1.0, False, []])
    with pytest.raises(ValueError):
        MatchRating.from_document([0, 1500, "1510"])
    assert SheetRow.from_document([0, 1, None, 8, True, [-8, 8, 0, 0]]).payments == (-8.0, 8.0, 0.0, 0.0)

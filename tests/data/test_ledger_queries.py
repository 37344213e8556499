"""The SQL both ledgers share: its placeholders, numbered for PostgreSQL, match its parameters."""

from __future__ import annotations

import itertools

import pytest

from data.ledger_queries import HAND_SEATS, hands_where, matches_where, numbered


def test_placeholders_are_numbered_in_order_and_a_statement_without_any_is_left_as_it_is() -> None:
    assert numbered("SELECT 1 FROM t WHERE a = ? AND b IN (SELECT b FROM u WHERE c = ?) LIMIT ?") == (
        "SELECT 1 FROM t WHERE a = $1 AND b IN (SELECT b FROM u WHERE c = $2) LIMIT $3"
    )
    assert numbered("SELECT x FROM t WHERE a = $1 OR b = $1") == "SELECT x FROM t WHERE a = $1 OR b = $1"


@pytest.mark.parametrize(
    ("member_id", "rules", "since"), list(itertools.product((None, 7), (None, "classic"), (None, 1.5)))
)
def test_each_filter_of_the_hands_adds_its_condition_and_its_parameter(
    member_id: int | None, rules: str | None, since: float | None
) -> None:
    where, parameters = hands_where(42, member_id, rules, since, 10, 20)
    assert where.count("?") == len(parameters)
    assert parameters == (42, *(value for value in (member_id, rules, since) if value is not None), 10, 20)
    assert ("hand_seats" in where) == (member_id is not None) and ("rules_name" in where) == (rules is not None)
    assert where.endswith("ORDER BY finished_at DESC, hand_id DESC LIMIT ? OFFSET ?")
    # the seats' statement embeds the condition once: numbered, its parameters are the same ones
    assert numbered(HAND_SEATS.format(where=where)).count("$") == len(parameters)


@pytest.mark.parametrize("member_id", [None, 7])
def test_the_matches_of_a_server_or_of_one_member(member_id: int | None) -> None:
    where, parameters = matches_where(42, member_id, 5, 0)
    assert where.count("?") == len(parameters)
    assert parameters == (42, *(() if member_id is None else (member_id,)), 5, 0)
    assert ("match_seats" in where) == (member_id is not None)


def test_a_statement_mixing_both_placeholders_is_refused() -> None:
    with pytest.raises(ValueError, match="mixes"):
        numbered("SELECT 1 FROM t WHERE a = $1 AND b = ?")

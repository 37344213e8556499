"""``mahjong-bot … --help`` explains everything it lists: every subcommand opens with a description,
and every argument and option says what it is for."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from cli import build_parser, main


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every parser of the tree, named by its command line (``mahjong-bot solitaire deal``)."""
    yield " ".join(("mahjong-bot", *path)), parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _parsers(child, (*path, name))


PARSERS = dict(_parsers(build_parser()))


def test_the_tree_is_walked_to_its_leaves():
    assert {"mahjong-bot run", "mahjong-bot simulate", "mahjong-bot solitaire deal", "mahjong-bot ledger copy"} <= set(
        PARSERS
    )


@pytest.mark.parametrize("command", PARSERS)
def test_every_command_has_a_description_and_every_argument_a_help_text(command):
    parser = PARSERS[command]
    assert (parser.description or "").strip(), f"{command} --help has no description"
    unexplained = [
        "/".join(action.option_strings) or action.dest
        for action in parser._actions
        if not isinstance(action, argparse._HelpAction | argparse._SubParsersAction) and not (action.help or "").strip()
    ]
    assert unexplained == [], f"{command}: no help text for {unexplained}"
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):  # its list of subcommands, one line each
            listed = {entry.dest: (entry.help or "").strip() for entry in action._choices_actions}
            assert all(listed.get(name) for name in action.choices), f"{command}: {listed}"


def test_run_help_describes_the_command(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["run", "--help"])
    assert ended.value.code == 0
    usage, _, rest = capsys.readouterr().out.partition("\n\n")
    assert usage.startswith("usage: mahjong-bot run") and "DISCORD_TOKEN" in rest.partition("\n\n")[0]

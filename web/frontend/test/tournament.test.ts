// A tournament table's line on the table page (SPEC §9): the way back to its tournament, and the notice
// of a watcher one hand behind; nothing at any other table.
import "./dom";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, test } from "node:test";
import { findShell, type TableShell } from "../src/table/shell";
import { drawTournament } from "../src/table/tournament";
import { frame } from "./fixtures";

const SHELL = /<body>([\s\S]*)<\/body>/.exec(readFileSync(path.resolve("..", "static", "table.html"), "utf8"))?.[1] ?? "";
let shell: TableShell;

beforeEach(() => {
  document.body.innerHTML = SHELL;
  shell = findShell();
});

function shown(): { line: boolean; behind: boolean; href: string | null } {
  return {
    line: !shell.tournamentLine.hidden,
    behind: document.querySelector<HTMLElement>("#behind")?.hidden === false,
    href: document.querySelector("#tournament-link")?.getAttribute("href") ?? null,
  };
}

test("a table of no tournament shows no tournament line", () => {
  drawTournament(shell.tournamentLine, frame());
  assert.equal(shown().line, false);
});

test("a tournament table's seat links back to the tournament, with no notice", () => {
  drawTournament(shell.tournamentLine, frame({ tournament: "cup2026" }));
  assert.deepEqual(shown(), { line: true, behind: false, href: "/tournament/cup2026" });
});

test("a watcher one hand behind is told so, and the notice goes once the match is over", () => {
  drawTournament(shell.tournamentLine, frame({ tournament: "cup2026", viewer: "spectator", behind: true }));
  assert.deepEqual(shown(), { line: true, behind: true, href: "/tournament/cup2026" });
  drawTournament(shell.tournamentLine, frame({ tournament: "cup2026", viewer: "spectator", state: "match-over" }));
  assert.deepEqual(shown(), { line: true, behind: false, href: "/tournament/cup2026" });
});

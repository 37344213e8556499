// The solitaire page's views and helpers beyond the leaderboard and the summary's words: the address,
// the controls shown, the tiles on the board, and the summary drawn into web/static/index.html's shell.
import "./dom";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, test } from "node:test";
import type { GameJson, TileJson } from "../src/api";
import { activityModeHref, requestedMode } from "../src/solitaire/address";
import { paintFace, TileBoard } from "../src/solitaire/board";
import { shownControls } from "../src/solitaire/controls";
import { drawSummary } from "../src/solitaire/summary";
import { Dictionary } from "../src/words";

// npm runs the tests from web/frontend: the shell is the page's own, beside the built script.
const SHELL = /<body>([\s\S]*)<\/body>/.exec(readFileSync(path.resolve("..", "static", "index.html"), "utf8"))?.[1] ?? "";
const words = new Dictionary({
  lang: "en",
  words: { "tile.covered": "Covered tile", "state.cleared": "Cleared", "placed.none": "Not on the board", "number.thousands": "," },
  tiles: { "5p": "5 of circles" },
});

function tile(id: number, face: string | null, free: boolean): TileJson {
  return { id, x: id * 2, y: 0, z: 0, face, free };
}

function game(extra: Partial<GameJson> = {}): GameJson {
  return {
    mode: "free",
    game: "g1",
    step: 3,
    seed: 42,
    day: null,
    state: "playing",
    tiles: [tile(0, "5p", true), tile(1, null, false), tile(2, "5p", true)],
    pairs: 0,
    score: 1200,
    seconds: 75,
    undos: 0,
    hint: null,
    removed: null,
    ...extra,
  };
}

beforeEach(() => {
  document.body.innerHTML = SHELL;
});

test("the address asks for the daily unless it says free; a seed only for a free deal", () => {
  assert.deepEqual(requestedMode(new URLSearchParams("")), { mode: "daily", seed: null });
  assert.deepEqual(requestedMode(new URLSearchParams("mode=free&seed=7")), { mode: "free", seed: 7 });
  assert.deepEqual(requestedMode(new URLSearchParams("mode=free&seed=-1")), { mode: "free", seed: null });
  assert.deepEqual(requestedMode(new URLSearchParams("mode=daily&seed=7")), { mode: "daily", seed: null });
});

test("a mode link inside Discord keeps Discord's parameters and the language, nothing else", () => {
  const current = new URLSearchParams("mode=daily&frame_id=f&instance_id=i&lang=fr&seed=3");
  assert.equal(activityModeHref("free", current), "?mode=free&frame_id=f&instance_id=i&lang=fr");
});

test("the controls shown follow the game's state and mode", () => {
  const shown = (extra: Partial<GameJson>): string[] =>
    Object.entries(shownControls(game(extra)))
      .filter(([, on]) => on)
      .map(([name]) => name);
  assert.deepEqual(shown({}), ["undo", "pause", "finish", "hint", "new"]);
  assert.deepEqual(shown({ mode: "daily" }), ["undo", "pause", "finish"]);
  assert.deepEqual(shown({ mode: "daily", state: "paused" }), ["resume", "finish"]);
  assert.deepEqual(shown({ mode: "daily", state: "cleared" }), ["new"]);
});

test("a tile shows its face, or is named only as covered", () => {
  const button = document.createElement("button");
  paintFace(button, "5p", words);
  assert.equal(button.dataset["face"], "5p");
  assert.equal(button.getAttribute("aria-label"), "5 of circles");
  paintFace(button, null, words);
  assert.equal(button.dataset["face"], undefined);
  assert.equal(button.getAttribute("aria-label"), "Covered tile");
});

test("the board keeps a button per tile in painting order, marks the picked and hinted ones, and drops removed ones", () => {
  const board = document.querySelector<HTMLElement>("#board")!;
  const tiles = new TileBoard(board);
  tiles.draw(game({ tiles: [tile(2, "5p", true), tile(0, "5p", true), tile(1, null, false)] }), { selected: 2, hinted: new Set([0]) }, words);
  const buttons = [...board.querySelectorAll<HTMLButtonElement>("button[data-tile-id]")];
  assert.deepEqual(buttons.map((button) => button.dataset["tileId"]), ["0", "1", "2"]);
  assert.deepEqual(buttons.map((button) => button.getAttribute("aria-pressed")), ["false", "false", "true"]);
  assert.deepEqual(buttons.map((button) => button.dataset["free"]), ["true", "false", "true"]);
  assert.equal(buttons[0]?.classList.contains("hinted"), true);
  // the game's first free tile (2, listed first here) is the tab stop until the keyboard is on another
  // (read as the attribute: linkedom's tabIndex reads -1 whatever was set)
  assert.deepEqual(buttons.map((button) => button.getAttribute("tabindex")), ["-1", "-1", "0"]);
  tiles.draw(game({ tiles: [tile(1, "5p", true)] }), { selected: null, hinted: new Set() }, words);
  assert.deepEqual([...board.querySelectorAll<HTMLElement>("button[data-tile-id]")].map((button) => button.dataset["tileId"]), ["1"]);
});

test("the summary shows an ended game's figures and placement, and hides while a game goes on", () => {
  const summary = document.querySelector<HTMLElement>("#summary")!;
  drawSummary(game({ state: "cleared", score: 1500, seconds: 75, pairs: 72, placed: { board: "free", rank: null } }), words);
  assert.equal(summary.hidden, false);
  assert.equal(summary.dataset["state"], "cleared");
  assert.equal(document.querySelector("#summary-title")?.textContent, "Cleared");
  const figure = (name: string) => document.querySelector<HTMLElement>(`#summary [data-summary="${name}"]`);
  assert.deepEqual([figure("score")?.dataset["value"], figure("score")?.textContent], ["1500", "1,500"]);
  assert.equal(figure("seconds")?.dataset["value"], "75");
  const placed = document.querySelector<HTMLElement>("#summary-placed")!;
  assert.deepEqual([placed.hidden, placed.textContent, placed.dataset["rank"]], [false, "Not on the board", ""]);
  drawSummary(null, words);
  assert.equal(summary.hidden, true);
  assert.equal(summary.dataset["state"], undefined);
});

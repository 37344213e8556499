import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameJson, Leaderboard } from "../src/api";
import { Clock } from "../src/solitaire/clock";
import { leaderboardRows } from "../src/solitaire/leaderboard";
import { placement, stateMessage } from "../src/solitaire/summary";
import { Dictionary } from "../src/words";

const words = new Dictionary({
  lang: "en",
  words: {
    "leaderboard.you": "you",
    "leaderboard.empty": "No score yet",
    "placed.daily": "# today",
    "placed.none": "Not on the board",
    "ordinal.other": "#th",
    "state.cleared": "Cleared",
    "number.thousands": ",",
  },
  tiles: {},
});

test("the clock runs on between the server's answers, the score losing a point a second", () => {
  let now = 0;
  const clock = new Clock(() => now);
  clock.set(10, 100, true);
  now = 3500;
  assert.deepEqual([clock.shownSeconds(), clock.shownScore()], [13, 97]);
  clock.freeze();
  now = 60_000;
  assert.deepEqual([clock.shownSeconds(), clock.shownScore()], [13, 97]);
  clock.set(0, 2, true);
  now += 10_000;
  assert.equal(clock.shownScore(), 0); // never below zero
});

test("the board lists its rows and the viewer's own below them; an empty board says so", () => {
  const board = {
    board: "daily",
    rows: [{ rank: 1, name: "Ana", score: 1200 }],
    own: { rank: 14, name: "Bea", score: 300 },
  } as unknown as Leaderboard;
  const rows = leaderboardRows(board, words);
  assert.deepEqual(rows.map((row) => [row.dataset["rank"], row.dataset["own"] ?? ""]), [["1", ""], ["14", "true"]]);
  assert.match(rows[1]?.textContent ?? "", /Bea \(you\)/);
  assert.match(rows[0]?.textContent ?? "", /1,200/);
  const empty = leaderboardRows({ board: "daily", rows: [], own: null } as unknown as Leaderboard, words);
  assert.equal(empty[0]?.textContent, "No score yet");
});

test("a game's state and its placement in words", () => {
  assert.equal(stateMessage({ state: "cleared" } as GameJson, words), "Cleared");
  assert.equal(stateMessage({ state: "playing" } as GameJson, words), "");
  assert.equal(placement({ board: "daily", rank: 12 }, words), "12th today");
  assert.equal(placement({ board: "daily", rank: null }, words), "Not on the board");
});

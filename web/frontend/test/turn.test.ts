import assert from "node:assert/strict";
import { test } from "node:test";
import { awaitsViewer, centreText, documentTitle } from "../src/table/turn";
import { frame, words } from "./fixtures";

test("in a claim window the viewer may claim in, the page says the discard, not whose turn", () => {
  const shown = frame({
    turn: "N",
    awaited: ["E"],
    discard: { tile: "5p", seat: "N" },
    actions: [{ action: "pung", tiles: "555p" }, { action: "pass" }],
  });
  const text = centreText(shown, words);
  assert.equal(text.turn, "Dee (North) discarded 5 of circles: claim or pass");
  assert.equal(text.prompt, text.turn);
  assert.equal(awaitsViewer(shown), true);
  assert.equal(documentTitle(shown, words), "● Your move · Mahjong table");
});

test("a claim window others are asked in: the viewer is told the table waits for claims", () => {
  const shown = frame({ viewer: "S", turn: "N", awaited: ["E"], discard: { tile: "5p", seat: "N" } });
  const text = centreText(shown, words);
  assert.equal(text.turn, "Dee (North) discarded 5 of circles: waiting for claims");
  assert.equal(text.waiting, "Waiting for Ann (East)");
  assert.equal(awaitsViewer(shown), false);
  assert.equal(documentTitle(shown, words), "Mahjong table");
});

test("the viewer's turn and another's", () => {
  assert.equal(centreText(frame({ actions: [{ action: "discard", tiles: "1m" }] }), words).turn, "Your turn");
  assert.equal(centreText(frame({ viewer: "S", turn: "W", awaited: ["W"] }), words).turn, "Cy (West) to play");
});

test("between hands the viewer is awaited until they press next-hand", () => {
  assert.equal(awaitsViewer(frame({ state: "hand-over", actions: [{ action: "next-hand" }] })), true);
  assert.equal(awaitsViewer(frame({ state: "hand-over", actions: [] })), false);
});

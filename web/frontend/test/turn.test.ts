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
  assert.equal(text.turn, "Dee (North) discarded 5 of circles");
  assert.equal(text.prompt, "Dee (North) discarded 5 of circles: claim or pass");
  assert.equal(awaitsViewer(shown), true);
  assert.equal(documentTitle(shown, words), "● Your move · Mahjong table");
});

test("a claim window others are asked in: the discard, and who the table waits for", () => {
  const shown = frame({ viewer: "S", turn: "N", awaited: ["E"], discard: { tile: "5p", seat: "N" } });
  const text = centreText(shown, words);
  assert.equal(text.turn, "Dee (North) discarded 5 of circles");
  assert.equal(text.prompt, "");
  assert.equal(text.waiting, "Waiting for Ann (East)");
  assert.equal(awaitsViewer(shown), false);
  assert.equal(documentTitle(shown, words), "Mahjong table");
});

test("the viewer's turn and another's", () => {
  const mine = centreText(frame({ actions: [{ action: "discard", tiles: "1m" }] }), words);
  assert.deepEqual([mine.turn, mine.prompt], ["Your turn", "Pick a tile"]);
  assert.equal(centreText(frame({ viewer: "S", turn: "W", awaited: ["W"] }), words).turn, "Cy (West) to play");
});

test("between hands the viewer is awaited until they press next-hand", () => {
  assert.equal(awaitsViewer(frame({ state: "hand-over", actions: [{ action: "next-hand" }] })), true);
  assert.equal(awaitsViewer(frame({ state: "hand-over", actions: [] })), false);
});

import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import { moveButtons, shownMoves } from "../src/table/moves";
import { frame, words } from "./fixtures";

const claim = [{ action: "pass" }, { action: "chow", tiles: "345p" }, { action: "pung", tiles: "555p" }, { action: "mahjong" }];

test("the moves stand in a fixed order, each chow its own button", () => {
  const shown = frame({ discard: { tile: "5p", seat: "N" }, actions: claim });
  assert.deepEqual(shownMoves(shown).map((action) => action.action), ["mahjong", "pung", "chow", "pass"]);
});

test("with No claims on, a claim window shows Mahjong only: no claim buttons flash", () => {
  const shown = frame({
    discard: { tile: "5p", seat: "N" },
    actions: claim,
    standing: { auto_win: false, no_calls: true, auto_discard: false },
  });
  assert.deepEqual(shownMoves(shown).map((action) => action.action), ["mahjong"]);
});

test("Cancel's first press turns it into a question", () => {
  const lobby = frame({ state: "lobby", actions: [{ action: "cancel" }] });
  const [plain] = moveButtons(lobby, words, { selected: null, cancelArmed: false });
  const [armed] = moveButtons(lobby, words, { selected: null, cancelArmed: true });
  assert.equal(plain?.dataset["armed"], undefined);
  assert.equal(armed?.dataset["armed"], "true");
});

test("one Discard button for the turn names the picked tile", () => {
  const turn = frame({ actions: [{ action: "discard", tiles: "1m" }, { action: "discard", tiles: "5p" }] });
  const buttons = moveButtons(turn, words, { selected: "5p", cancelArmed: false });
  assert.equal(buttons.length, 1);
  assert.equal(buttons[0]?.dataset["tiles"], "5p");
  const none = moveButtons(turn, words, { selected: null, cancelArmed: false });
  assert.equal(none[0]?.getAttribute("aria-disabled"), "true");
});

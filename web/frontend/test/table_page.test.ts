// The table page's own helpers (addresses, the status line, the picked tile, the arrows, the pressed
// move): pure functions of what they are given.
import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import { invitationUrl, tableIdOf } from "../src/table/address";
import { pressedAction } from "../src/table/moves";
import { arrowTarget, keptPick } from "../src/table/picking";
import { statusText } from "../src/table/status";
import { frame, seat, words } from "./fixtures";

test("the table's id is the path's last part, behind any proxy's prefix", () => {
  assert.equal(tableIdOf("/table/abc"), "abc");
  assert.equal(tableIdOf("/.proxy/table/a%20b/"), "a b");
  assert.equal(tableIdOf("/"), "");
});

test("the invitation is the table's own address, or the Activity's as it is", () => {
  const href = "https://example.test/.proxy/table/t1?frame_id=9";
  assert.equal(invitationUrl("a b", href, false), "https://example.test/table/a%20b");
  assert.equal(invitationUrl("a b", href, true), href);
});

test("the status line: a refusal first, then loading until a frame, then the connection's trouble", () => {
  const context = { words, framed: true, connection: "open" } as const;
  assert.deepEqual(statusText("", "", context), { text: "", kind: "" });
  assert.deepEqual(statusText("Not your turn", "", context), { text: "Not your turn", kind: "trouble" });
  assert.deepEqual(statusText("Copied", "Copied", context), { text: "Copied", kind: "notice" });
  assert.equal(statusText("", "", { ...context, framed: false }).text, "table.loading");
  assert.equal(statusText("", "", { ...context, framed: false, connection: "stopped" }).text, "");
  assert.deepEqual(statusText("", "", { ...context, connection: "reconnecting" }), { text: "table.reconnecting", kind: "trouble" });
});

test("a picked tile stays picked while it may be discarded, found by its face when the hand moved it", () => {
  const hand = (tiles: string[], discards: string[]) =>
    frame({
      seats: [seat("E", "Ann", { hand: tiles }), seat("S", "Bea"), seat("W", "Cy"), seat("N", "Dee")],
      actions: discards.map((tiles) => ({ action: "discard", tiles })),
    });
  const picked = { index: 1, face: "5p" };
  assert.equal(keptPick(picked, hand(["1m", "5p"], ["1m", "5p"])), picked);
  assert.deepEqual(keptPick(picked, hand(["5p", "1m"], ["1m", "5p"])), { index: 0, face: "5p" });
  assert.equal(keptPick(picked, hand(["1m", "5p"], [])), null); // not the viewer's turn to discard
  assert.equal(keptPick(null, hand(["1m"], ["1m"])), null);
});

test("the arrows move along the hand and stop at its ends; Home and End go there", () => {
  assert.equal(arrowTarget("ArrowRight", 2, 5), 3);
  assert.equal(arrowTarget("ArrowUp", 0, 5), 0);
  assert.equal(arrowTarget("ArrowDown", 4, 5), 4);
  assert.deepEqual([arrowTarget("Home", 3, 5), arrowTarget("End", 0, 5)], [0, 4]);
  assert.equal(arrowTarget("a", 1, 5), null);
});

test("a pressed move is the frame's action with the button's name, tiles and chair", () => {
  const shown = frame({ actions: [{ action: "chow", tiles: "345p" }, { action: "chow", tiles: "456p" }, { action: "first", seat: "S" }] });
  const button = (data: Record<string, string>): HTMLElement => {
    const made = document.createElement("button");
    Object.assign(made.dataset, data);
    return made;
  };
  assert.deepEqual(pressedAction(shown, button({ action: "chow", tiles: "456p" })), { action: "chow", tiles: "456p" });
  assert.deepEqual(pressedAction(shown, button({ action: "first", chair: "S" })), { action: "first", seat: "S" });
  assert.equal(pressedAction(shown, button({ action: "chow", tiles: "789p" })), undefined);
  assert.equal(pressedAction(shown, button({ action: "pung" })), undefined);
});

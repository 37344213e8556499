import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import { replayHref, sheetRows } from "../src/table/sheet";
import { frame, seat, words } from "./fixtures";

test("a row per finished hand, each linking to its replay from the viewer's seat of that hand", () => {
  const shown = frame({
    viewer: "S",
    seats: [seat("E", "Bea"), seat("S", "Ann"), seat("W", "Cy"), seat("N", "Dee")],
    sheet: [
      { hand: 1, winner: "N", score: 6, names: { E: "Ann", S: "Cy", W: "Dee", N: "Bea" } },
      { hand: 2, winner: null, score: 0, names: { E: "Bea", S: "Ann", W: "Cy", N: "Dee" } },
    ],
  });
  const rows = sheetRows(shown, words);
  assert.deepEqual(rows.map((row) => [row.dataset["hand"], row.dataset["winner"], row.dataset["score"]]), [["1", "N", "6"], ["2", "", "0"]]);
  // Ann (the viewer) sat East in hand 1, South in hand 2
  assert.equal(rows[0]?.querySelector("a")?.getAttribute("href"), "/replay/t1/1?seat=E");
  assert.equal(rows[1]?.querySelector("a")?.getAttribute("href"), "/replay/t1/2?seat=S");
  assert.equal(replayHref("a b", 3, null), "/replay/a%20b/3");
});

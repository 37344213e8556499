import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import { ownWind, seatElements } from "../src/table/seats";
import { frame, seat, words } from "./fixtures";

test("the viewer's seat says it is theirs, at play and in the lobby", () => {
  const shown = seatElements(frame({ viewer: "S" }), words, null);
  assert.deepEqual(shown.map((box) => box.dataset["you"] ?? ""), ["", "true", "", ""]);
  assert.equal(shown[1]?.dataset["position"], "bottom");
  const lobby = frame({ state: "lobby", viewer: "seated", you: "W" });
  assert.equal(ownWind(lobby), "W");
  assert.deepEqual(seatElements(lobby, words, null).map((box) => box.dataset["you"] ?? ""), ["", "", "true", ""]);
  assert.equal(ownWind(frame({ viewer: "spectator" })), null);
});

test("the dealer is marked, and an away member's seat says who plays for them", () => {
  const shown = frame({
    dealer: "S",
    computer_level: "strong",
    seats: [seat("E", "Ann"), seat("S", "Bea", { away: true }), seat("W", "Cy"), seat("N", "Dee")],
  });
  const boxes = seatElements(shown, words, null);
  assert.equal(boxes[1]?.dataset["dealer"], "true");
  assert.equal(boxes[0]?.dataset["dealer"], undefined);
  assert.match(boxes[1]?.textContent ?? "", /away: a strong computer plays for Bea/);
  assert.match(boxes[1]?.querySelector(".dealer")?.textContent ?? "", /dealer/);
});

test("the last discard carries data-last in its seat's discards, and only there", () => {
  const shown = frame({
    seats: [seat("E", "Ann", { discards: ["1m", "5p"] }), seat("S", "Bea", { discards: ["5p"] }), seat("W", "Cy"), seat("N", "Dee")],
    log: [
      { seat: "E", event: "discard", tiles: "5p" },
      { seat: "S", event: "discard", tiles: "5p" },
      { seat: "W", event: "draw", tiles: "" },
    ],
  });
  const boxes = seatElements(shown, words, null);
  const marked = boxes.flatMap((box) => [...box.querySelectorAll('[data-discards] [data-last="true"]')]);
  assert.equal(marked.length, 1);
  assert.equal((marked[0] as HTMLElement).dataset["face"], "5p");
  assert.equal((marked[0] as HTMLElement).closest("[data-seat]")?.getAttribute("data-seat"), "S");
});

test("sets, bonus tiles and discards are separate named groups; each set names its kind", () => {
  const shown = frame({
    seats: [seat("E", "Ann", { melds: [{ kind: "pung", tiles: "555m" }], bonus: ["1f"], discards: ["1m"] }), seat("S", "Bea"), seat("W", "Cy"), seat("N", "Dee")],
  });
  const box = seatElements(shown, words, null)[0]!;
  const meld = box.querySelector("[data-meld]")!;
  assert.equal(meld.getAttribute("role"), "group");
  assert.match(meld.getAttribute("aria-label") ?? "", /5 of characters/);
  assert.equal(box.querySelector("[data-bonus]")?.getAttribute("role"), "group");
  assert.equal(box.querySelector("[data-discards]")?.getAttribute("role"), "group");
  assert.equal(box.querySelectorAll("[data-discards] [data-face]").length, 1);
});

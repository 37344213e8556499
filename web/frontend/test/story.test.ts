import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import { updateLog } from "../src/table/log";
import { eventText, lastDiscardSeat } from "../src/table/story";
import { frame, seat, words } from "./fixtures";

const seats = [seat("E", "Ann", { discards: ["1m"] }), seat("S", "Bea", { discards: ["5p"] }), seat("W", "Cy"), seat("N", "Dee")];

test("the last discard lies in its seat's discards until a claim takes it", () => {
  const log = [
    { seat: "E", event: "draw", tiles: "" },
    { seat: "E", event: "discard", tiles: "1m" },
    { seat: "S", event: "draw", tiles: "" },
    { seat: "S", event: "discard", tiles: "5p" },
  ] as const;
  assert.equal(lastDiscardSeat(frame({ seats, log })), "S");
  // North draws next: South's discard stays the last one, marked until the next discard
  assert.equal(lastDiscardSeat(frame({ seats, log: [...log, { seat: "W", event: "draw", tiles: "" }] })), "S");
  // West pungs it: it has left South's discards
  const taken = frame({
    seats: [seats[0]!, seat("S", "Bea"), seat("W", "Cy"), seat("N", "Dee")],
    log: [...log, { seat: "W", event: "pung", tiles: "555p" }],
  });
  assert.equal(lastDiscardSeat(taken), null);
  assert.equal(lastDiscardSeat(frame({ seats, log: [] })), null);
});

test("each event is said with its seat and its public tiles", () => {
  const shown = frame({ seats });
  assert.equal(eventText(shown, { seat: "S", event: "discard", tiles: "5p" }, words), "Bea (South) discards 5 of circles");
  assert.equal(eventText(shown, { seat: "N", event: "draw", tiles: "" }, words), "Dee (North) draws");
});

test("the log keeps the lines it shows and adds the new ones: a screen reader hears each once", () => {
  const list = document.createElement("ol");
  const first = frame({ seats, log: [{ seat: "E", event: "discard", tiles: "1m" }] });
  updateLog(list, first, words);
  const kept = list.firstElementChild;
  updateLog(list, frame({ seats, log: [...first.log!, { seat: "S", event: "draw", tiles: "" }] }), words);
  assert.equal(list.children.length, 2);
  assert.equal(list.firstElementChild, kept);
  const line = list.lastElementChild as HTMLElement;
  assert.deepEqual([line.dataset["seat"], line.dataset["event"], line.dataset["tiles"]], ["S", "draw", ""]);
  // a new hand: drawn again from its own events
  updateLog(list, frame({ seats, log: [{ seat: "N", event: "discard", tiles: "5m" }] }), words);
  assert.equal(list.children.length, 1);
  assert.notEqual(list.firstElementChild, kept);
});

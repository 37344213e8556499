import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import { bankSeconds, countdown } from "../src/table/clock";
import { hasOverlay, overlayParts } from "../src/table/overlay";
import { frame, seat, words } from "./fixtures";

test("the countdown says the seconds left, and nothing where no clock runs", () => {
  const shown = frame({ deadline: 100 });
  assert.deepEqual(countdown(shown, 95_200, words)?.seconds, 5);
  assert.equal(countdown(shown, 95_200, words)?.short, true);
  assert.equal(countdown(frame({ deadline: 100 }), 200_000, words)?.seconds, 0);
  assert.equal(countdown(frame({ deadline: null }), 0, words), null);
  assert.equal(countdown(frame({ state: "lobby", deadline: 100 }), 0, words), null);
  assert.equal(countdown(null, 0, words), null);
});

test("the time bank is the viewer's own, while a hand is played", () => {
  const seats = [seat("E", "Ann", { bank: 42.7 }), seat("S", "Bea", { bank: 10 }), seat("W", "Cy"), seat("N", "Dee")];
  assert.equal(bankSeconds(frame({ seats })), 42);
  assert.equal(bankSeconds(frame({ seats, viewer: "S" })), 10);
  assert.equal(bankSeconds(frame({ seats, viewer: "spectator" })), null);
  assert.equal(bankSeconds(frame({ seats, state: "hand-over" })), null);
});

test("the layer above the table: a result with Next hand, the match's end with Another match", () => {
  const result = { winner: null, winning_tile: null, self_drawn: false, score: 0, patterns: [], payments: {} };
  assert.equal(hasOverlay(frame()), false);
  const over = frame({ state: "hand-over", result, actions: [{ action: "next-hand" }] });
  const parts = overlayParts(over, words, false);
  assert.deepEqual(parts.map((part) => part.id), ["result"]);
  assert.equal(parts[0]?.querySelectorAll('[data-action="next-hand"]').length, 1);
  const ready = overlayParts(frame({ state: "hand-over", result, actions: [] }), words, false);
  assert.equal(ready[0]?.querySelectorAll(".ready-note").length, 1);
  const end = overlayParts(frame({ state: "match-over", result }), words, false);
  assert.deepEqual(end.map((part) => part.id), ["match-end", "result"]);
  assert.equal(end[0]?.querySelectorAll("form.another").length, 1);
  // in the Activity the thread's table is Discord's to open again
  assert.equal(overlayParts(frame({ state: "match-over", result }), words, true)[0]?.querySelectorAll("form").length, 0);
});

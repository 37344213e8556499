import assert from "node:assert/strict";
import { test } from "node:test";
import { complete, viewerWaits, waitsOf } from "../src/table/waits";
import { frame, seat } from "./fixtures";

const hand = (tiles: string): string[] => tiles.match(/\d[a-z]/g) ?? [];

test("a hand of four sets and a lone tile waits on that tile", () => {
  assert.deepEqual(waitsOf(hand("1m2m3m4p5p6p7s8s9s1z1z1z5m"), 0), ["5m"]);
});

test("an open-ended chow waits on both ends, and the pair's wait is found beside it", () => {
  assert.deepEqual(waitsOf(hand("2m3m4p5p6p7s8s9s1z1z1z9p9p"), 0), ["1m", "4m"]);
  assert.deepEqual(waitsOf(hand("1m1m2m2m3m3m4p5p6p9s9s7z7z"), 0), ["9s", "7z"]);
});

test("declared sets count as sets: one set declared, ten tiles in hand", () => {
  assert.deepEqual(waitsOf(hand("2m3m4p5p6p7s8s9s1z1z"), 1), ["1m", "4m"]);
});

test("seven pairs and thirteen orphans are complete shapes", () => {
  assert.deepEqual(waitsOf(hand("1m1m3m3m5p5p7p7p2s2s4z4z6z"), 0), ["6z"]);
  assert.deepEqual(waitsOf(hand("1m9m1p9p1s9s1z2z3z4z5z6z7z"), 0).length, 13);
  const counts = new Array<number>(34).fill(0);
  assert.equal(complete(counts, 4), false); // 12 tiles short of a hand: not complete
});

test("a hand that waits on nothing, and a tile the aid does not know, say no wait", () => {
  assert.deepEqual(waitsOf(hand("1m4m7m2p5p8p3s6s9s1z2z3z4z"), 0), []);
  assert.deepEqual(waitsOf(["0j", ...hand("2m3m4p5p6p7s8s9s1z1z1z9p")], 0), []);
});

test("a tile of which the viewer holds four is no wait", () => {
  assert.deepEqual(waitsOf(hand("1m1m1m1m2m3m4m5m6m7m8m9m9m"), 0).includes("1m"), false);
});

test("the viewer's waits count the copies they have not seen: their hand, discards and sets", () => {
  const own = seat("E", "Ann", { hand: hand("1m2m3m4p5p6p7s8s9s1z1z1z5m") });
  const shown = frame({
    seats: [own, seat("S", "Bea", { discards: ["5m"] }), seat("W", "Cy", { melds: [{ kind: "pung", tiles: "555m" }] }), seat("N", "Dee")],
  });
  // 5m: one in hand, one discarded, three in a pung: none left
  assert.deepEqual(viewerWaits(shown), [{ face: "5m", left: 0 }]);
  assert.deepEqual(viewerWaits(frame({ ...shown, viewer: "spectator" })), []);
  assert.deepEqual(viewerWaits(frame({ ...shown, state: "hand-over" })), []);
});

import "./dom";
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Result } from "../src/table/frame";
import { matchEndElement, patternLines, resultElement, sameSettings, signed } from "../src/table/result";
import { frame, seat, words } from "./fixtures";

const won: Result = {
  winner: "E",
  winning_tile: "5m",
  self_drawn: true,
  score: 5,
  patterns: ["self_drawn", "concealed_chow", "concealed_chow"],
  breakdown: [
    { pattern: "self_drawn", value: 1 },
    { pattern: "concealed_chow", value: 2 },
    { pattern: "concealed_chow", value: 2 },
  ],
  payments: { E: 48, S: -16, W: -16, N: -16 },
};

test("each pattern once, with its count and its value in all", () => {
  assert.deepEqual(patternLines(won), [
    { pattern: "self_drawn", count: 1, value: 1 },
    { pattern: "concealed_chow", count: 2, value: 4 },
  ]);
  assert.deepEqual(patternLines({ ...won, breakdown: null }), [
    { pattern: "self_drawn", count: 1, value: null },
    { pattern: "concealed_chow", count: 2, value: null },
  ]);
});

test("the result card: patterns with their values, the winning tile marked once, every payment", () => {
  const shown = frame({
    state: "hand-over",
    seats: [seat("E", "Ann", { hand: ["1m", "5m", "5m"] }), seat("S", "Bea"), seat("W", "Cy"), seat("N", "Dee")],
    result: won,
  });
  const card = resultElement(shown, won, words);
  const lines = [...card.querySelectorAll("[data-pattern]")] as HTMLElement[];
  assert.deepEqual(lines.map((line) => [line.dataset["pattern"], line.dataset["value"]]), [["self_drawn", "1"], ["concealed_chow", "4"]]);
  assert.match(lines[1]?.textContent ?? "", /4 fan/);
  const winning = card.querySelectorAll('[data-winning="true"]');
  assert.equal(winning.length, 1);
  assert.equal((winning[0] as HTMLElement).dataset["face"], "5m");
  const paid = [...card.querySelectorAll(".payments li")] as HTMLElement[];
  assert.deepEqual(paid.map((line) => [line.dataset["wind"], line.dataset["amount"]]), [["E", "48"], ["S", "-16"], ["W", "-16"], ["N", "-16"]]);
});

test("another match keeps the rules, the computers, the length and a practice table's deal", () => {
  const shown = frame({ rules: "classic", length: "one_wind", deal: "1234" });
  assert.deepEqual(sameSettings(shown), { rules: "classic", computers: "1", length: "one_wind", seed: "1234" });
  assert.deepEqual(sameSettings(frame({ deal: null })), { rules: "hongkong", computers: "1" });
});

test("payments are signed", () => {
  assert.equal(signed(12, words), "+12");
  assert.equal(signed(-1.5, words), "−1.5");
  assert.equal(signed(0, words), "0");
});

test("the match end ranks the seats and says each rated member's change once the ledger has it", () => {
  const seats = [seat("E", "Ann", { score: 12 }), seat("S", "Bea", { score: 40 }), seat("W", "Cy"), seat("N", "Dee", { score: -3 })];
  const unrated = matchEndElement(frame({ state: "match-over", seats }), words);
  const rows = [...unrated.querySelectorAll("li")] as HTMLElement[];
  assert.deepEqual(rows.map((row) => [row.dataset["wind"], row.dataset["rank"]]), [["S", "1"], ["E", "2"], ["W", "3"], ["N", "4"]]);
  assert.equal(unrated.querySelectorAll(".rating").length, 0);
  const rated = matchEndElement(frame({ state: "match-over", seats, ratings: [{ wind: "E", before: 1012, after: 1031 }] }), words);
  const changes = [...rated.querySelectorAll("li[data-rating]")] as HTMLElement[];
  assert.deepEqual(changes.map((row) => [row.dataset["wind"], row.dataset["rating"]]), [["E", "19"]]);
  assert.equal(changes[0]?.querySelector(".rating")?.textContent, "Rating 1 012 → 1 031 (+19)");
});

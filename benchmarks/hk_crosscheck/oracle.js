// Reads one JSON hand per line on stdin, prints hk-mahjong's faan for it (the best over the given
// arrangements) as one JSON line: {"value": number | "limit", "details": [[name, value], ...]}.
// Input: {"arrangements": [[["1m","2m","3m"], ...5 sets incl. the pair]], "config": {...}}.
"use strict";
const readline = require("readline");
const { Tile, Meld, WinningHand, FaanCalculator } = require("hk-mahjong");

FaanCalculator.setThresholdFaanValue(0);
const SUITS = { m: "character", p: "dot", s: "bamboo" };
// Our honours 1z-7z are E S W N White Green Red; hk-mahjong numbers Red 5, Green 6, White 7.
const HONOURS = [1, 2, 3, 4, 7, 6, 5];

function tile(code) {
  const number = Number(code[0]);
  if (code[1] === "z") return new Tile({ suit: "honor", value: HONOURS[number - 1] });
  return new Tile({ suit: SUITS[code[1]], value: number });
}

function score(hand) {
  let best = null;
  for (const sets of hand.arrangements) {
    const winning = new WinningHand(sets.map((codes) => new Meld(codes.map(tile))));
    const result = FaanCalculator.calculate(winning, hand.config);
    const value = result.value === "∞" ? "limit" : result.value;
    const rank = value === "limit" ? Infinity : value;
    if (best === null || rank > best.rank) {
      best = { rank, value, details: result.details.map((d) => [d.name, d.value === "∞" ? "limit" : d.value]) };
    }
  }
  return { value: best.value, details: best.details };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim()) process.stdout.write(JSON.stringify(score(JSON.parse(line))) + "\n");
});

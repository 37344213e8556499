// Frames as the server sends them (SPEC §7), small enough to read in a test.
import type { Frame, Seat } from "../src/table/frame";
import { Dictionary } from "../src/words";

export function seat(wind: Seat["wind"], name: string, extra: Partial<Seat> = {}): Seat {
  return { wind, name, kind: "member", score: 0, concealed: 13, discards: [], melds: [], bonus: [], ...extra };
}

export function frame(extra: Partial<Frame> = {}): Frame {
  return {
    type: "frame",
    table: "t1",
    version: 5,
    step: 5,
    state: "playing",
    rules: "hongkong",
    viewer: "E",
    round_wind: "E",
    seats: [seat("E", "Ann"), seat("S", "Bea"), seat("W", "Cy", { kind: "computer", level: "strong" }), seat("N", "Dee")],
    wall: 80,
    turn: "E",
    awaited: ["E"],
    discard: null,
    deadline: null,
    actions: [],
    result: null,
    ...extra,
  };
}

// Words that show their slots, so a test reads what was filled where.
export const words = new Dictionary({
  lang: "en",
  words: {
    "table.wind.E": "East",
    "table.wind.S": "South",
    "table.wind.W": "West",
    "table.wind.N": "North",
    "table.turn": "# to play",
    "table.your_turn": "Pick a tile",
    "table.turn_you": "Your turn",
    "table.discarded": "#1 discarded #2",
    "table.claim_yours": "#1 discarded #2: claim or pass",
    "table.waiting": "Waiting for #",
    "table.title": "Mahjong table",
    "table.title_awaited": "● Your move · #",
    "table.log.discard": "#1 discards #2",
    "table.log.pung": "#1 pungs #2",
    "table.log.draw": "#1 draws",
    "table.badge.you": "you",
    "table.badge.dealer": "dealer",
    "table.badge.away_for": "away: a #1 plays for #2",
    "table.level.strong": "strong computer",
    "table.result.fan_value": "# fan",
    "table.match.rating": "Rating #1 → #2 (#3)",
    "number.thousands": " ",
  },
  tiles: { "5p": "5 of circles", "1m": "1 of characters", "5m": "5 of characters" },
});

// What the hand's public story (the frame's `log`, SPEC §7.1) says: the last discard still lying in its
// seat's discards, and each event in words.
import type { Dictionary, WordKey } from "../words";
import { faces, type Frame, type LogEvent } from "./frame";
import { seatName } from "./names";

const EVENT_WORDS: Readonly<Record<LogEvent["event"], WordKey>> = {
  discard: "table.log.discard",
  chow: "table.log.chow",
  pung: "table.log.pung",
  kong: "table.log.kong",
  "concealed-kong": "table.log.concealed_kong",
  bonus: "table.log.bonus",
  mahjong: "table.log.mahjong",
  draw: "table.log.draw",
};

// The events that take the discard just made (a claim or a win on it) rather than follow it.
const TAKES_THE_DISCARD: ReadonlySet<string> = new Set(["chow", "pung", "kong", "mahjong"]);

/** The seat whose last discard is the hand's last one and still lies among its discards (not claimed),
 * or null (no discard yet, or the last one was taken). */
export function lastDiscardSeat(frame: Frame): string | null {
  const log = frame.log ?? [];
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const event = log[index];
    if (event?.event !== "discard") {
      continue;
    }
    const next = log[index + 1];
    const taken = next !== undefined && next.seat !== event.seat && TAKES_THE_DISCARD.has(next.event);
    const seat = frame.seats.find((candidate) => candidate.wind === event.seat);
    const lying = seat !== undefined && seat.discards[seat.discards.length - 1] === event.tiles;
    return taken || !lying ? null : event.seat;
  }
  return frame.discard?.seat ?? null;
}

/** One event in words: "North (N) pungs 5 of dots". */
export function eventText(frame: Frame, event: LogEvent, words: Dictionary): string {
  const key = EVENT_WORDS[event.event] as WordKey | undefined;
  const tiles = faces(event.tiles).map((face) => words.tileName(face));
  // a tile is named once, and a pung or a kong by its tile; a chow's three tiles differ, each is named
  const what = event.event === "chow" ? tiles.join(", ") : (tiles[0] ?? "");
  return words.filled(key ?? "table.log.draw", seatName(frame, event.seat, words), what);
}

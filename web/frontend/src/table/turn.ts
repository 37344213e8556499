// What the middle of the table says: whose turn it is or the discard on offer ("North discarded 5 of
// circles", not "North to play"), what the viewer is asked for beside their hand ("… : claim or pass"),
// who the table waits for, and whether it waits for the viewer (the tab's title says so). Pure functions
// of the frame.
import type { Dictionary } from "../words";
import { type Frame, isWind } from "./frame";
import { seatName } from "./names";

export interface CentreText {
  // the line above the discard on offer
  readonly turn: string;
  // what the viewer is asked for (a live region: said once when it changes)
  readonly prompt: string;
  // the other seats the table waits for
  readonly waiting: string;
}

/** Whether the table waits for the viewer now (their turn, a claim they may make, the next hand). */
export function awaitsViewer(frame: Frame): boolean {
  const names = new Set(frame.actions.map((action) => action.action));
  if (frame.state === "hand-over") {
    return names.has("next-hand");
  }
  return frame.state === "playing" && (frame.awaited.includes(frame.viewer) || names.has("discard") || names.has("pass"));
}

export function centreText(frame: Frame, words: Dictionary): CentreText {
  const names = new Set(frame.actions.map((action) => action.action));
  const discard = frame.state === "playing" ? frame.discard : null;
  const mayClaim = names.has("pass");
  let turn = "";
  if (frame.state === "lobby") {
    const full = frame.seats.every((seat) => seat.kind !== "empty");
    turn = words.word(full ? "table.lobby_ready" : "table.lobby");
  } else if (frame.state === "closed") {
    turn = words.word("table.closed");
  } else if (frame.state === "hand-over") {
    turn = words.word("table.hand_over");
  } else if (frame.state === "match-over") {
    turn = words.word("table.match_over");
  } else if (discard !== null) {
    turn = words.filled("table.discarded", seatName(frame, discard.seat, words), words.tileName(discard.tile));
  } else if (names.has("discard")) {
    turn = words.word("table.turn_you");
  } else if (isWind(frame.turn)) {
    turn = words.filled("table.turn", seatName(frame, frame.turn, words));
  }
  let prompt = "";
  if (names.has("discard")) {
    prompt = words.word("table.your_turn");
  } else if (mayClaim && discard !== null) {
    prompt = words.filled("table.claim_yours", seatName(frame, discard.seat, words), words.tileName(discard.tile));
  } else if (mayClaim) {
    prompt = words.word("table.your_claim");
  } else if (frame.viewer === "spectator" && frame.state !== "lobby") {
    prompt = words.word("table.spectator");
  }
  const awaited = frame.state === "playing" ? frame.awaited.filter((wind) => wind !== frame.viewer) : [];
  const waiting =
    awaited.length > 0 ? words.filled("table.waiting", awaited.map((wind) => seatName(frame, wind, words)).join(", ")) : "";
  return { turn, prompt, waiting };
}

/** The document's title: the table's, marked while the viewer is awaited. */
export function documentTitle(frame: Frame | null, words: Dictionary): string {
  const title = words.word("table.title");
  return frame !== null && awaitsViewer(frame) ? words.filled("table.title_awaited", title) : title;
}

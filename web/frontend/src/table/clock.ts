// The clocks beside the hand (SPEC §7's `#deadline`, §7.1's time bank): what each says at a moment, as
// pure functions of the frame and the time.
import { clockText, type Dictionary } from "../words";
import { type Frame, secondsLeft } from "./frame";

export interface Countdown {
  readonly seconds: number;
  readonly text: string;
  // ten seconds or less: said louder
  readonly short: boolean;
}

/** The table's deadline at `nowMs`, or null when nothing waits on a clock (the lobby, a closed table). */
export function countdown(frame: Frame | null, nowMs: number, words: Dictionary): Countdown | null {
  const deadline = frame?.deadline ?? null;
  if (frame === null || deadline === null || frame.state === "closed" || frame.state === "lobby") {
    return null;
  }
  const seconds = secondsLeft(deadline, nowMs);
  const label = frame.state === "hand-over" ? "table.result.next_in" : "table.figure.deadline";
  return { seconds, text: words.filled(label, clockText(seconds)), short: seconds <= 10 };
}

/** The viewer's time bank while a hand is played (whole seconds), or null. */
export function bankSeconds(frame: Frame | null): number | null {
  const seat = frame?.seats.find((candidate) => candidate.wind === frame.viewer);
  return frame?.state === "playing" && typeof seat?.bank === "number" ? Math.max(0, Math.floor(seat.bank)) : null;
}

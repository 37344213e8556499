// How the page names the winds, the seats and the computers in its language.
import type { Dictionary, WordKey } from "../words";
import { type Frame, isWind, type Wind } from "./frame";

const WIND_WORDS: Readonly<Record<Wind, WordKey>> = {
  E: "table.wind.E",
  S: "table.wind.S",
  W: "table.wind.W",
  N: "table.wind.N",
};

const LEVEL_WORDS: Readonly<Record<string, WordKey>> = {
  basic: "table.level.basic",
  strong: "table.level.strong",
  expert: "table.level.expert",
};

export function windName(wind: string, words: Dictionary): string {
  return isWind(wind) ? words.word(WIND_WORDS[wind]) : wind;
}

/** A seat as the page's sentences name it: "Alice (East)", or the wind alone for a seat without a name. */
export function seatName(frame: Frame | null, wind: string, words: Dictionary): string {
  const seat = frame?.seats.find((candidate) => candidate.wind === wind);
  const name = windName(wind, words);
  return seat === undefined || seat.name === "" ? name : `${seat.name} (${name})`;
}

/** A computer's level in words ("strong computer"), or the generic word for an unknown level. */
export function levelName(level: string | null | undefined, words: Dictionary): string {
  const key = level === null || level === undefined ? undefined : LEVEL_WORDS[level];
  return words.word(key ?? "table.kind.computer");
}

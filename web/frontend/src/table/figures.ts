// The bar's figures (the rules, the prevailing wind, the hand, the wall, a practice deal, the minimum
// fan) and a learners' table's waits, drawn into the page's shell from the frame.
import type { Dictionary, WordKey } from "../words";
import { element, make } from "../dom";
import { type Frame, isWind } from "./frame";
import { windName } from "./names";
import { tileElement } from "./tiles";
import { viewerWaits } from "./waits";

const RULES_WORDS: Readonly<Record<string, WordKey>> = {
  classic: "table.rules.classic",
  hongkong: "table.rules.hongkong",
  family: "table.rules.family",
};

export function drawFigures(frame: Frame, words: Dictionary): void {
  element<HTMLElement>("#rules-name").textContent = words.word(RULES_WORDS[frame.rules] ?? "table.rules.classic");
  const round = element<HTMLElement>("#round-wind");
  round.textContent = isWind(frame.round_wind) ? windName(frame.round_wind, words) : "–";
  round.dataset["wind"] = frame.round_wind ?? "";
  const handNumber = frame.hand_number ?? 0;
  element<HTMLElement>("#hand-number").textContent = handNumber > 0 ? String(handNumber) : "–";
  const wall = element<HTMLElement>("#wall");
  wall.dataset["remaining"] = String(frame.wall);
  wall.textContent = String(frame.wall);
  // the lobby has no wind, hand or wall yet
  for (const figure of ["#round-figure", "#hand-figure", "#wall-figure"]) {
    element<HTMLElement>(figure).hidden = frame.state === "lobby";
  }
  // a practice table's deal code: another table opened with it plays the same walls
  element<HTMLElement>("#deal-figure").hidden = typeof frame.deal !== "string" || frame.deal === "";
  element<HTMLElement>("#deal").textContent = frame.deal ?? "";
  const minimum = frame.minimum_fan ?? 0;
  element<HTMLElement>("#minimum-fan-figure").hidden = minimum <= 0;
  element<HTMLElement>("#minimum-fan").textContent = String(minimum);
}

/** A learners' table's aid: the tiles the viewer's hand waits on, each with the copies left ([] else). */
export function waitsView(frame: Frame, words: Dictionary): HTMLElement[] {
  const waits = frame.learners === true ? viewerWaits(frame) : [];
  if (waits.length === 0) {
    return [];
  }
  const items = waits.map((wait) => {
    const item = make("span", "wait");
    item.dataset["face"] = wait.face;
    item.dataset["left"] = String(wait.left);
    item.append(tileElement(wait.face, words, "mini"), make("span", "left", words.filled("table.waits.left", String(wait.left))));
    return item;
  });
  return [make("span", "label", words.word("table.waits")), ...items];
}

/** The waits' line under the hand, shown on a learners' table while the hand waits on a tile. */
export function drawWaits(line: HTMLElement, frame: Frame, words: Dictionary): void {
  const parts = waitsView(frame, words);
  line.hidden = parts.length === 0;
  line.replaceChildren(...parts);
}

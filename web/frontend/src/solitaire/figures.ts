// The solitaire's figures beside the board (SPEC §6's `#clock`, `#score`, `#pairs`): the clock and the
// score as the local clock runs them on, the pairs as the server counts them.
import type { GameJson } from "../api";
import { element } from "../dom";
import { clockText, type Dictionary } from "../words";
import type { Clock } from "./clock";

export function drawFigures(game: GameJson, clock: Clock, words: Dictionary): void {
  const seconds = clock.shownSeconds();
  const score = clock.shownScore();
  // written only when they change: they are redrawn four times a second
  const clockFigure = element<HTMLElement>("#clock");
  if (clockFigure.dataset["seconds"] !== String(seconds)) {
    clockFigure.dataset["seconds"] = String(seconds);
    clockFigure.textContent = clockText(seconds);
  }
  const scoreFigure = element<HTMLElement>("#score");
  if (scoreFigure.dataset["score"] !== String(score)) {
    scoreFigure.dataset["score"] = String(score);
    scoreFigure.textContent = words.number(score);
  }
  const pairs = element<HTMLElement>("#pairs");
  pairs.dataset["pairs"] = String(game.pairs);
  pairs.textContent = String(game.pairs);
}

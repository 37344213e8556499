// The middle of the table and the line above the hand, drawn into the page's shell: whose turn it is
// or the discard on offer, who the table waits for, and what the viewer is asked (turn.ts's words).
import type { Dictionary } from "../words";
import { element } from "../dom";
import { type Frame, isWind } from "./frame";
import { tileElement } from "./tiles";
import { awaitsViewer, centreText } from "./turn";

export function drawCentre(frame: Frame, before: Frame | null, words: Dictionary): void {
  const text = centreText(frame, words);
  const turn = element<HTMLElement>("#turn");
  turn.dataset["wind"] = frame.state === "playing" && isWind(frame.turn) ? frame.turn : "";
  turn.textContent = text.turn;
  const offer = element<HTMLElement>("#offer");
  const discard = frame.discard;
  if (discard === null) {
    offer.replaceChildren();
    delete offer.dataset["tile"];
    delete offer.dataset["seat"];
  } else {
    // a discard just offered is lit up a moment
    const fresh = before === null || before.discard?.tile !== discard.tile || before.discard.seat !== discard.seat;
    offer.dataset["tile"] = discard.tile;
    offer.dataset["seat"] = discard.seat;
    offer.replaceChildren(tileElement(discard.tile, words, fresh ? "large fresh" : "large"));
  }
  element<HTMLElement>("#waiting").textContent = text.waiting;
  const prompt = element<HTMLElement>("#prompt");
  if (prompt.textContent !== text.prompt) {
    prompt.textContent = text.prompt; // a live region: said once when it changes
  }
  prompt.dataset["awaited"] = String(awaitsViewer(frame));
}

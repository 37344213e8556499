// The table's clocks drawn into the page's shell (SPEC §7's `#deadline`, §7.1's time bank): the
// countdown beside the hand, or in the result's card while it shows, and the time bank beside it.
import { clockText, type Dictionary } from "../words";
import { bankSeconds, countdown } from "./clock";
import { element, make } from "../dom";
import type { Frame } from "./frame";

/** The clocks of `frame` at `nowMs`; `overlay` is the result's layer, whose card may hold the countdown. */
export function drawDeadline(frame: Frame | null, nowMs: number, words: Dictionary, overlay: HTMLElement): void {
  const shown = countdown(frame, nowMs, words);
  const resultClock = overlay.hidden ? null : overlay.querySelector<HTMLElement>(".result-clock");
  const clock = element<HTMLElement>("#clock");
  const place = resultClock ?? clock;
  let timer = document.getElementById("deadline");
  clock.hidden = shown === null || resultClock !== null;
  if (shown === null) {
    timer?.remove();
  } else {
    if (timer === null || timer.parentElement !== place) {
      timer?.remove();
      timer = make("span", "deadline");
      timer.id = "deadline";
      timer.setAttribute("role", "timer");
      place.append(timer);
    }
    // redrawn only when its second changes, so a screen reader is not told the same time again
    if (timer.dataset["seconds"] !== String(shown.seconds)) {
      timer.dataset["seconds"] = String(shown.seconds);
      timer.textContent = shown.text;
      timer.classList.toggle("short", shown.short);
    }
  }
  const bank = bankSeconds(frame);
  const banked = element<HTMLElement>("#bank");
  banked.hidden = bank === null || bank <= 0;
  const text = bank === null ? "" : words.filled("table.bank", clockText(bank));
  if (banked.textContent !== text) {
    banked.textContent = text;
    banked.dataset["seconds"] = bank === null ? "" : String(bank);
  }
}

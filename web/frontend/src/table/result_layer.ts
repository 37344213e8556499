// The result's layer above the table (SPEC §7.1) as the page shows it: drawn from overlay.ts's parts,
// put away by the player (its See the table, Escape) and brought back with the bar's Result button.
import type { Dictionary } from "../words";
import type { Frame } from "./frame";
import { hasOverlay, overlayParts } from "./overlay";

/** Whether `frame` after `before` has a new result (or none): a result put away shows again. */
export function hasNewResult(before: Frame | null, frame: Frame): boolean {
  return before === null || before.state !== frame.state || before.hand_number !== frame.hand_number;
}

export class ResultLayer {
  // the player put this result away
  private away = false;
  // what the layer's parts were drawn from: they are drawn again only when it changes (the countdown in
  // them is the clock's own, and focus inside survives a frame that changes nothing here)
  private drawnFrom = "";

  constructor(
    private readonly layer: HTMLElement,
    private readonly showButton: HTMLButtonElement,
    // inside Discord: the thread's table is Discord's to open again
    private readonly activity: boolean,
  ) {}

  get shown(): boolean {
    return !this.layer.hidden;
  }

  putAway(): void {
    this.away = true;
  }

  bringBack(): void {
    this.away = false;
  }

  /** The page's words changed: the parts are drawn again in them. */
  wordsChanged(): void {
    this.drawnFrom = "";
  }

  /** Draws the layer for `frame`; true when its parts were drawn anew (the countdown goes back into them). */
  draw(frame: Frame | null, words: Dictionary): boolean {
    const over = hasOverlay(frame);
    this.showButton.hidden = !(over && this.away);
    document.body.dataset["overlay"] = String(over && !this.away);
    this.layer.hidden = !over || this.away;
    const key = over ? JSON.stringify([words.lang, frame.version, this.away]) : "";
    if (key === this.drawnFrom) {
      return false;
    }
    this.drawnFrom = key;
    this.layer.replaceChildren(...(over ? overlayParts(frame, words, this.activity) : []));
    return true;
  }

  focusTitle(): void {
    this.layer.querySelector<HTMLElement>("h2")?.focus();
  }
}

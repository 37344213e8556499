// The viewer's hand as they handle it (SPEC §7.1): the tile picked for a discard, the table's hint, and
// the keyboard's place among the tiles, kept between frames and drawn with hand.ts's buttons.
import type { Dictionary } from "../words";
import type { Frame } from "./frame";
import { discardable, handButtons, ownHand } from "./hand";

/** The hand tile picked for a discard: its index in the hand, and its face to find it again. */
export interface Picked {
  readonly index: number;
  readonly face: string;
}

/** What a press on a hand tile does: discards a face, picks the tile, or nothing (outside the viewer's
 * turn to discard, or a tile they may not discard). */
export type TilePress = { readonly discard: string } | "picked" | "ignored";

/** The picked tile after a new frame: kept while it is still in the hand and may still be discarded,
 * found by its face when the hand moved it. */
export function keptPick(picked: Picked | null, frame: Frame | null): Picked | null {
  if (picked === null || !discardable(frame).has(picked.face)) {
    return null;
  }
  const hand = ownHand(frame);
  if (hand[picked.index] === picked.face) {
    return picked;
  }
  const index = hand.indexOf(picked.face);
  return index < 0 ? null : { index, face: picked.face };
}

/** Where `key` moves the keyboard from tile `current` of `count` (null: not a key of the hand's). */
export function arrowTarget(key: string, current: number, count: number): number | null {
  const targets: Readonly<Record<string, number>> = {
    ArrowLeft: current - 1,
    ArrowUp: current - 1,
    ArrowRight: current + 1,
    ArrowDown: current + 1,
    Home: 0,
    End: count - 1,
  };
  const target = targets[key];
  return target === undefined ? null : Math.min(count - 1, Math.max(0, target));
}

export class HandPicking {
  private picked: Picked | null = null;
  private hinted: string | null = null;
  private focusIndex = 0;

  constructor(private readonly hand: HTMLElement) {}

  get pickedFace(): string | null {
    return this.picked?.face ?? null;
  }

  /** A press on hand tile `index`: the first picks it, a press on the picked one discards it (the first
   * already with the one-tap setting). */
  press(index: number, frame: Frame | null, oneTap: boolean): TilePress {
    const face = ownHand(frame)[index];
    this.focusIndex = index;
    if (face === undefined || !discardable(frame).has(face)) {
      return "ignored";
    }
    if (this.picked?.index === index || oneTap) {
      return { discard: face };
    }
    this.picked = { index, face };
    return "picked";
  }

  /** The table's hint: shown on the hand until the table moves on. */
  hint(face: string | null): void {
    this.hinted = face;
  }

  /** A new frame: a new step drops the hint; the pick stays while it may still be discarded. */
  follow(frame: Frame, newStep: boolean): void {
    if (newStep) {
      this.hinted = null;
    }
    this.picked = keptPick(this.picked, frame);
  }

  draw(frame: Frame | null, words: Dictionary): void {
    const active = document.activeElement;
    const focusedIndex =
      active instanceof HTMLElement && active.parentElement === this.hand ? Number(active.dataset["index"]) : null;
    const buttons = frame === null ? [] : handButtons(frame, words, { selected: this.picked?.index ?? null, hinted: this.hinted });
    this.hand.replaceChildren(...buttons);
    this.hand.hidden = buttons.length === 0;
    this.focusIndex = Math.min(Math.max(0, this.focusIndex), Math.max(0, buttons.length - 1));
    this.rovingTabStop();
    if (focusedIndex !== null) {
      buttons[Math.min(focusedIndex, buttons.length - 1)]?.focus();
    }
    this.markSame();
  }

  /** The arrow keys, Home and End move the focus between the hand's tiles. */
  arrow(event: KeyboardEvent): void {
    const buttons = this.buttons();
    const current = buttons.indexOf(event.target as HTMLButtonElement);
    if (current < 0 || buttons.length === 0) {
      return;
    }
    const target = arrowTarget(event.key, current, buttons.length);
    if (target === null) {
      return;
    }
    event.preventDefault();
    this.focusIndex = target;
    this.rovingTabStop();
    buttons[this.focusIndex]?.focus();
  }

  private buttons(): HTMLButtonElement[] {
    return [...this.hand.querySelectorAll<HTMLButtonElement>(":scope > button")];
  }

  // One hand tile is the hand's tab stop (the picked one, else the last focused); arrows move between them.
  private rovingTabStop(): void {
    const stop = this.picked?.index ?? this.focusIndex;
    this.buttons().forEach((button, index) => {
      button.tabIndex = index === stop ? 0 : -1;
    });
  }

  /** While a hand tile is picked, every tile of its face on the table is marked too. */
  private markSame(): void {
    const face = this.pickedFace;
    for (const tile of document.querySelectorAll<HTMLElement>("[data-same]")) {
      delete tile.dataset["same"];
    }
    if (face === null) {
      return;
    }
    const escaped = CSS.escape(face);
    for (const tile of document.querySelectorAll<HTMLElement>(`#seats .tile[data-face="${escaped}"], #hand > .tile[data-face="${escaped}"]`)) {
      tile.dataset["same"] = "true";
    }
  }
}

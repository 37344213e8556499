// The viewer's concealed tiles (SPEC §7's `#hand`): a button per tile, the one just drawn set apart, the
// picked one pressed, the ones they may not discard now dimmed, the table's hint marked.
import type { Dictionary } from "../words";
import { make } from "../dom";
import type { Frame, Seat } from "./frame";
import { isWind } from "./frame";
import { paintTile } from "./tiles";

export interface HandMarks {
  // the picked tile's index in the hand
  readonly selected: number | null;
  // the face the table suggested discarding
  readonly hinted: string | null;
}

export function ownSeat(frame: Frame | null): Seat | undefined {
  return frame === null || !isWind(frame.viewer) ? undefined : frame.seats.find((seat) => seat.wind === frame.viewer);
}

export function ownHand(frame: Frame | null): readonly string[] {
  return ownSeat(frame)?.hand ?? [];
}

/** The faces the viewer may discard now (none outside their turn to discard). */
export function discardable(frame: Frame | null): Set<string> {
  const found = new Set<string>();
  for (const action of frame?.actions ?? []) {
    if (action.action === "discard" && typeof action.tiles === "string") {
      found.add(action.tiles);
    }
  }
  return found;
}

export function handButtons(frame: Frame, words: Dictionary, marks: HandMarks): HTMLButtonElement[] {
  const hand = ownHand(frame);
  const drawn = ownSeat(frame)?.drawn === true;
  const allowed = discardable(frame);
  let hintShown = false;
  return hand.map((face, index) => {
    const button = make("button", "tile");
    button.type = "button";
    button.dataset["index"] = String(index);
    paintTile(button, face, words.lang);
    button.setAttribute("aria-label", words.tileName(face));
    button.setAttribute("aria-pressed", String(marks.selected === index));
    if (drawn && index === hand.length - 1) {
      button.dataset["drawn"] = "true";
    }
    if (allowed.size > 0 && !allowed.has(face)) {
      button.dataset["idle"] = "true";
    }
    if (!hintShown && marks.hinted === face) {
      hintShown = true;
      button.dataset["hinted"] = "true";
    }
    return button;
  });
}

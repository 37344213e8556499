// The viewer's standing choices (SPEC §7.1's `#standing`): a toggle each, pressed as the frame says.
import type { Dictionary, WordKey } from "../words";
import { type Frame, type Standing, STANDINGS } from "./frame";

const STANDING_WORDS: Readonly<Record<Standing, WordKey>> = {
  auto_win: "table.standing.auto_win",
  no_calls: "table.standing.no_calls",
  auto_discard: "table.standing.auto_discard",
};

export function standingToggles(box: HTMLElement): HTMLButtonElement[] {
  return [...box.querySelectorAll<HTMLButtonElement>("button[data-standing]")];
}

/** The choice a toggle stands for (null: a toggle the page does not know). */
export function standingChoice(toggle: HTMLElement): Standing | null {
  const choice = toggle.dataset["standing"] as Standing;
  return STANDINGS.includes(choice) ? choice : null;
}

/** The toggles shown while the frame has standing choices, each pressed when its choice is on. */
export function drawStanding(box: HTMLElement, frame: Frame): void {
  const standing = frame.standing ?? null;
  box.hidden = standing === null;
  for (const toggle of standingToggles(box)) {
    const choice = toggle.dataset["standing"] as Standing;
    toggle.setAttribute("aria-pressed", String(standing?.[choice] === true));
  }
}

export function nameStandings(box: HTMLElement, words: Dictionary): void {
  for (const toggle of standingToggles(box)) {
    const key = STANDING_WORDS[toggle.dataset["standing"] as Standing] as WordKey | undefined;
    if (key !== undefined) {
      toggle.textContent = words.word(key);
    }
  }
}

// The solitaire's controls (SPEC §6's `button[data-action]`): which are shown in the game's state, and
// Finish, which asks to be pressed a second time before it ends the game.
import { type GameJson, OVER_STATES } from "../api";
import { element } from "../dom";
import type { Dictionary } from "../words";

// The first press on Finish arms it this long; the second within it finishes the game.
const FINISH_CONFIRM_MS = 5000;

/** Each control's name and whether it is shown for `game`. */
export function shownControls(game: GameJson): Readonly<Record<string, boolean>> {
  const over = OVER_STATES.has(game.state);
  return {
    undo: game.state === "playing",
    pause: game.state === "playing",
    resume: game.state === "paused",
    finish: !over,
    hint: game.mode === "free" && game.state === "playing",
    new: game.mode === "free" || over,
  };
}

export function drawControls(game: GameJson): void {
  const shown = shownControls(game);
  for (const button of document.querySelectorAll<HTMLButtonElement>(".controls button[data-action]")) {
    button.hidden = !(shown[button.dataset["action"] ?? ""] ?? false);
  }
  // nothing to undo before the first pair
  element<HTMLButtonElement>('button[data-action="undo"]').disabled = game.pairs === 0;
}

/** Finish's two presses: the first arms it (it says so), the second within a while finishes. */
export class FinishConfirm {
  private timer: number | null = null;

  constructor(private readonly words: () => Dictionary) {}

  get armed(): boolean {
    return this.timer !== null;
  }

  arm(): void {
    const button = element<HTMLButtonElement>('button[data-action="finish"]');
    button.dataset["confirm"] = "true";
    button.textContent = this.words().word("action.finish_confirm");
    this.timer = window.setTimeout(() => this.disarm(), FINISH_CONFIRM_MS);
  }

  disarm(): void {
    if (this.timer === null) {
      return;
    }
    window.clearTimeout(this.timer);
    this.timer = null;
    const button = element<HTMLButtonElement>('button[data-action="finish"]');
    delete button.dataset["confirm"];
    button.textContent = this.words().word("action.finish");
  }
}

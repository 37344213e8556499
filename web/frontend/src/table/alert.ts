// The table calling the viewer (SPEC §7.1): the tab's title says so while the table waits for them,
// and the player's settings add a sound and a vibration the moment it starts to.
import type { Dictionary } from "../words";
import type { Frame } from "./frame";
import { chime, type Settings } from "./settings";
import { awaitsViewer, documentTitle } from "./turn";

export class TurnCall {
  private wasAwaited = false;

  /** A frame shown: the title at once; the sound and the vibration only when the waiting starts. */
  shown(frame: Frame, words: Dictionary, settings: Settings): void {
    document.title = documentTitle(frame, words);
    const now = awaitsViewer(frame);
    if (now && !this.wasAwaited) {
      if (settings.sound) {
        chime();
      }
      if (settings.vibrate && typeof navigator.vibrate === "function") {
        navigator.vibrate(120);
      }
    }
    this.wasAwaited = now;
  }
}

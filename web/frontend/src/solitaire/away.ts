// A game the player is away from is paused by the page and resumed when they are back: the page hidden,
// or Discord's small window (the board cannot be played at that size, and a member who left it there is
// reading or talking elsewhere). A pause the player chose is theirs to undo.
import type { GameJson } from "../api";
import type { Clock } from "./clock";

export class AwayWatch {
  // a pause the page sent because the player was away, undone when they are back
  private pausedWhileAway = false;
  private inPictureInPicture = false;

  constructor(
    private readonly game: () => GameJson | null,
    private readonly clock: Clock,
    private readonly send: (move: "pause" | "resume") => void,
  ) {}

  get away(): boolean {
    return document.visibilityState === "hidden" || this.inPictureInPicture;
  }

  /** Discord shrank the Activity to its small window (`pip`) or gave it back its view: the small window
   * shows the board alone, and the clock stops there as on a hidden page. */
  layoutChanged(pip: boolean): void {
    this.inPictureInPicture = pip;
    document.body.dataset["layout"] = pip ? "pip" : "focused";
    this.changed();
  }

  /** The page was hidden or shown, or Discord's layout changed. */
  changed(): void {
    if (this.away) {
      if (this.game()?.state === "playing") {
        this.clock.freeze();
        this.pausedWhileAway = true;
        this.send("pause");
      }
    } else if (this.pausedWhileAway) {
      this.pausedWhileAway = false;
      this.send("resume");
    }
  }
}

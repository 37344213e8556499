// The leaderboard beside the board and the pseudonym the player's scores show under (SPEC §6): the
// board fetched again when a game ends or the name changes, and the name's form offered once this
// browser has a score to name (never inside Discord, where the player is the member).
import { ApiError, fetchLeaderboard, type Leaderboard, type Mode, saveName } from "../api";
import { element } from "../dom";
import type { Dictionary } from "../words";
import { drawLeaderboard } from "./leaderboard";

// Set once a game of this browser has ended: the pseudonym form is offered from then on (SPEC §6).
const PLAYED_KEY = "mj_played";

export class Scores {
  private readonly nameForm = element<HTMLFormElement>("#name-form");
  private readonly pseudonym = element<HTMLInputElement>("#pseudonym");
  private readonly nameStatus = element<HTMLElement>("#name-status");

  constructor(
    private readonly mode: Mode,
    private readonly activity: boolean,
    private readonly words: () => Dictionary,
  ) {
    this.nameForm.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.saveName();
    });
  }

  /** A game of this browser ended: its score may be named from now on, and the board has it. */
  gameEnded(): void {
    if (!this.activity) {
      window.localStorage.setItem(PLAYED_KEY, "1");
      this.nameForm.hidden = false;
    }
    void this.refresh();
  }

  async refresh(): Promise<void> {
    let board: Leaderboard;
    try {
      board = await fetchLeaderboard(this.mode);
    } catch {
      return;
    }
    drawLeaderboard(board, this.words());
    if (!this.activity && (board.own !== null || window.localStorage.getItem(PLAYED_KEY) !== null)) {
      this.nameForm.hidden = false;
    }
  }

  private async saveName(): Promise<void> {
    const words = this.words();
    try {
      await saveName(this.pseudonym.value.trim());
      this.nameStatus.textContent = words.word("name.saved");
      await this.refresh();
    } catch (error) {
      this.nameStatus.textContent = error instanceof ApiError && error.message !== "" ? error.message : words.word("error.network");
    }
  }
}

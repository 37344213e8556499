// What the solitaire page says of a game's state and, once it ended, its summary and where its score
// placed: functions of the server's game.
import type { GameJson, Placed } from "../api";
import { element } from "../dom";
import { clockText, type Dictionary, type WordKey } from "../words";

const STATE_WORDS: Partial<Record<GameJson["state"], WordKey>> = {
  paused: "state.paused",
  cleared: "state.cleared",
  stuck: "state.stuck",
  finished: "state.finished",
};

/** The game's state in words (nothing while it is played). */
export function stateMessage(game: GameJson, words: Dictionary): string {
  const key = STATE_WORDS[game.state];
  return key === undefined ? "" : words.word(key);
}

/** Where a finished game placed on its board ("12th on today's leaderboard"), or that it did not. */
export function placement(placed: Placed, words: Dictionary): string {
  if (placed.rank === null) {
    return words.word("placed.none");
  }
  const key: WordKey = placed.board === "daily" ? "placed.daily" : "placed.free";
  return words.filled(key, words.ordinal(placed.rank));
}

/** The end of a game (SPEC §6's `#summary`): how it ended, the server's final figures, and where the
 * score placed on its board; hidden (null) while the game goes on. */
export function drawSummary(game: GameJson | null, words: Dictionary): void {
  const summary = element<HTMLElement>("#summary");
  summary.hidden = game === null;
  if (game === null) {
    delete summary.dataset["state"];
    return;
  }
  summary.dataset["state"] = game.state;
  element<HTMLElement>("#summary-title").textContent = stateMessage(game, words);
  const figures: [string, string, string][] = [
    ["score", String(game.score), words.number(game.score)],
    ["seconds", String(game.seconds), clockText(game.seconds)],
    ["pairs", String(game.pairs), String(game.pairs)],
  ];
  for (const [figure, value, text] of figures) {
    const shown = element<HTMLElement>(`#summary [data-summary="${figure}"]`);
    shown.dataset["value"] = value;
    shown.textContent = text;
  }
  const placed = element<HTMLElement>("#summary-placed");
  // A server older than the summary says nothing of the board: the leaderboard beside says it.
  placed.hidden = game.placed === undefined;
  placed.textContent = game.placed === undefined ? "" : placement(game.placed, words);
  if (game.placed === undefined) {
    delete placed.dataset["board"];
    delete placed.dataset["rank"];
  } else {
    placed.dataset["board"] = game.placed.board;
    placed.dataset["rank"] = game.placed.rank === null ? "" : String(game.placed.rank);
  }
}

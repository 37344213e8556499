// What the solitaire page says of a game's state and, once it ended, where its score placed: pure
// functions of the server's game.
import type { GameJson, Placed } from "../api";
import type { Dictionary, WordKey } from "../words";

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

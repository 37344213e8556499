// A solitaire leaderboard as the page lists it (SPEC §6): the first ten and the viewer's own row, each
// with its rank, name and score, or a line saying nobody has scored yet. The rows are a pure function
// of the board.
import type { Leaderboard } from "../api";
import { element } from "../dom";
import type { Dictionary } from "../words";

/** The board drawn into the page's `#leaderboard`. */
export function drawLeaderboard(board: Leaderboard, words: Dictionary): void {
  element<HTMLElement>("#leaderboard").dataset["board"] = board.board;
  element<HTMLOListElement>("#leaderboard-rows").replaceChildren(...leaderboardRows(board, words));
}

export function leaderboardRows(board: Leaderboard, words: Dictionary): HTMLLIElement[] {
  const own = board.own;
  const rows = board.rows.map((row) => leaderboardRow(row, own?.rank === row.rank, words));
  if (own !== null && !board.rows.some((row) => row.rank === own.rank)) {
    rows.push(leaderboardRow(own, true, words));
  }
  if (rows.length === 0) {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = words.word("leaderboard.empty");
    rows.push(empty);
  }
  return rows;
}

function leaderboardRow(row: { rank: number; name: string; score: number }, own: boolean, words: Dictionary): HTMLLIElement {
  const item = document.createElement("li");
  item.dataset["rank"] = String(row.rank);
  item.dataset["name"] = row.name;
  item.dataset["score"] = String(row.score);
  const cells: [string, string][] = [
    ["rank", String(row.rank)],
    ["name", own ? `${row.name} (${words.word("leaderboard.you")})` : row.name],
    ["score", words.number(row.score)],
  ];
  for (const [kind, text] of cells) {
    const cell = document.createElement("span");
    cell.className = kind;
    cell.textContent = text;
    item.append(cell);
  }
  if (own) {
    item.dataset["own"] = "true";
  }
  return item;
}

// The words of the solitaire page's shell: its language, its title, the board's name, every `data-word`
// element's text, and the mode's own words (New, the leaderboard's title, the current mode's link).
import type { Mode } from "../api";
import { element } from "../dom";
import type { Dictionary, WordKey } from "../words";

export function labelPage(board: HTMLElement, mode: Mode, words: Dictionary): void {
  document.documentElement.lang = words.lang.replace("_", "-");
  document.title = words.word("page.title");
  board.setAttribute("aria-label", words.word("page.board"));
  for (const node of document.querySelectorAll<HTMLElement>("[data-word]")) {
    node.textContent = words.word(node.dataset["word"] as WordKey);
  }
  const newKey: WordKey = mode === "daily" ? "action.new_daily" : "action.new_free";
  element<HTMLButtonElement>('button[data-action="new"]').textContent = words.word(newKey);
  element<HTMLElement>("#leaderboard-title").textContent = words.word(mode === "daily" ? "leaderboard.daily" : "leaderboard.free");
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-mode-link]")) {
    if (link.dataset["modeLink"] === mode) {
      link.setAttribute("aria-current", "page");
    }
  }
}

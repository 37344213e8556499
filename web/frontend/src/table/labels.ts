// The words of the table page's shell: its language, its title, the regions' names and every
// `data-word` element's text, in the page's dictionary.
import type { Dictionary, WordKey } from "../words";
import type { Frame } from "./frame";
import type { TableShell } from "./shell";
import { nameStandings } from "./standing";
import { documentTitle } from "./turn";

export function labelShell(shell: TableShell, frame: Frame | null, words: Dictionary): void {
  document.documentElement.lang = words.lang.replace("_", "-");
  document.title = documentTitle(frame, words);
  shell.table.setAttribute("aria-label", words.word("table.board"));
  shell.hand.setAttribute("aria-label", words.word("table.hand"));
  shell.moves.setAttribute("aria-label", words.word("table.moves"));
  shell.standing.setAttribute("aria-label", words.word("table.standing"));
  shell.log.setAttribute("aria-label", words.word("table.log"));
  for (const node of document.querySelectorAll<HTMLElement>("[data-word]")) {
    node.textContent = words.word(node.dataset["word"] as WordKey);
  }
  nameStandings(shell.standing, words);
}

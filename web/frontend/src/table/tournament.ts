// A tournament table's line (SPEC §9): the way back to its tournament's page, and for a watcher who is
// not seated there, that the table is shown one hand behind (the hand being played appears once the
// next one has started). Nothing at any other table.
import type { Frame } from "./frame";

export function drawTournament(line: HTMLElement, frame: Frame): void {
  const tournament = typeof frame.tournament === "string" ? frame.tournament : "";
  line.hidden = tournament === "";
  const link = line.querySelector<HTMLAnchorElement>("#tournament-link");
  if (link !== null && tournament !== "") {
    link.href = `/tournament/${encodeURIComponent(tournament)}`;
  }
  const behind = line.querySelector<HTMLElement>("#behind");
  if (behind !== null) {
    behind.hidden = frame.behind !== true;
  }
}

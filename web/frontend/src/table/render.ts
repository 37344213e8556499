// The views of the table page that are the frame's alone (no choice of the player's in them): the
// table's data-* attributes, the bar's figures, the seats, the centre, the standing choices, the waits,
// the story, the score sheet and a tournament table's line, drawn into the shell.
import type { Dictionary } from "../words";
import { drawCentre } from "./centre";
import { drawFigures, drawWaits } from "./figures";
import type { Frame } from "./frame";
import { drawStory } from "./log";
import { seatElements } from "./seats";
import { drawSheet } from "./sheet";
import type { TableShell } from "./shell";
import { drawStanding } from "./standing";
import { drawTournament } from "./tournament";

/** Draws `frame`, the frame before it (null: the first) showing what changed (a fresh discard). */
export function drawFrame(shell: TableShell, frame: Frame, before: Frame | null, words: Dictionary): void {
  const table = shell.table;
  table.dataset["tableId"] = frame.table;
  table.dataset["version"] = String(frame.version);
  table.dataset["state"] = frame.state;
  table.dataset["rules"] = frame.rules;
  table.dataset["viewer"] = frame.viewer;
  document.body.dataset["state"] = frame.state;
  drawFigures(frame, words);
  shell.seats.dataset["players"] = String(frame.seats.length);
  shell.seats.replaceChildren(...seatElements(frame, words, before));
  drawCentre(frame, before, words);
  drawStanding(shell.standing, frame);
  drawWaits(shell.waits, frame, words);
  drawStory(shell.story, shell.log, frame, words);
  drawSheet(shell.sheetBox, frame, words);
  drawTournament(shell.tournamentLine, frame);
}

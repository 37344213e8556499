// The layer above the table once a hand is over (SPEC §7.1's result): the match's end with Another
// match when the match is over, then the hand's result card with Next hand (or that the viewer is ready)
// and a way back to the table. A pure function of the frame.
import type { Dictionary } from "../words";
import { make } from "../dom";
import type { Frame } from "./frame";
import { moveButton } from "./moves";
import { matchEndElement, resultElement, sameSettings } from "./result";
import { ownWind } from "./seats";

/** Whether the frame has a result to show above the table. */
export function hasOverlay(frame: Frame | null): frame is Frame {
  return frame !== null && (frame.state === "hand-over" || frame.state === "match-over") && frame.result !== null;
}

/** The layer's parts (none without a result); `activity`: inside Discord, where the thread's table is
 * Discord's to open again. */
export function overlayParts(frame: Frame, words: Dictionary, activity: boolean): HTMLElement[] {
  const result = frame.result;
  if (!hasOverlay(frame) || result === null) {
    return [];
  }
  const parts: HTMLElement[] = [];
  if (frame.state === "match-over") {
    const end = matchEndElement(frame, words);
    if (!activity) {
      end.append(anotherMatch(frame, words));
    }
    parts.push(end);
  }
  const card = resultElement(frame, result, words);
  const next = frame.actions.find((action) => action.action === "next-hand");
  const controls = make("div", "result-moves");
  if (next !== undefined) {
    controls.append(moveButton(frame, "next-hand", next, words, { selected: null, cancelArmed: false }));
  } else if (frame.state === "hand-over" && ownWind(frame) !== null) {
    controls.append(make("p", "ready-note", words.word("table.result.waiting_others")));
  }
  const away = make("button", "move quiet", words.word("table.result.see_table"));
  away.type = "button";
  away.dataset["toggle"] = "result";
  controls.append(away);
  card.append(controls);
  parts.push(card);
  return parts;
}

/** Another match with the same settings: a form the player sends (SPEC §7's /table/new), so opening a
 * table is a deliberate act. */
function anotherMatch(frame: Frame, words: Dictionary): HTMLElement {
  const form = make("form", "another");
  form.method = "post";
  form.action = "/table/new";
  for (const [name, value] of Object.entries(sameSettings(frame))) {
    const field = make("input");
    field.type = "hidden";
    field.name = name;
    field.value = value;
    form.append(field);
  }
  const button = make("button", "move", words.word("table.new_match"));
  button.type = "submit";
  button.id = "new-match";
  button.dataset["strong"] = "true";
  form.append(button);
  return form;
}

// The moves the frame offers the viewer, as buttons in a fixed order (SPEC §7: a button per move, each
// chow choice and each kong its own, present only while allowed). Discard is one button for the turn,
// naming the picked tile; Cancel asks first; with "No claims" on, a claim window shows no claim buttons
// for the moment the table takes to pass for the viewer (Mahjong stays).
import type { Dictionary, WordKey } from "../words";
import { make } from "../dom";
import { type Action, faces, type Frame } from "./frame";
import { seatName } from "./names";
import { tileElement } from "./tiles";

const MOVE_ORDER = [
  "mahjong",
  "kong",
  "pung",
  "chow",
  "pass",
  "call",
  "discard",
  "hint",
  "back",
  "join",
  "leave",
  "add-computer",
  "first",
  "start",
  "cancel",
] as const;
type MoveName = (typeof MOVE_ORDER)[number];
const MOVE_WORDS: Readonly<Record<MoveName, WordKey>> = {
  mahjong: "table.action.mahjong",
  kong: "table.action.kong",
  pung: "table.action.pung",
  chow: "table.action.chow",
  pass: "table.action.pass",
  call: "table.action.call",
  discard: "table.action.discard",
  hint: "table.action.hint",
  back: "table.action.back",
  join: "table.action.join",
  leave: "table.action.leave",
  "add-computer": "table.action.add_computer",
  first: "table.action.first",
  start: "table.action.start",
  cancel: "table.action.cancel",
};
// what "No claims" answers by itself: a claim window's claims and pass
const CLAIMS: ReadonlySet<string> = new Set(["chow", "pung", "kong", "pass"]);

export interface MoveMarks {
  // the picked hand tile's face
  readonly selected: string | null;
  // Cancel pressed once: it now asks to be pressed again
  readonly cancelArmed: boolean;
}

function isMove(action: string): action is MoveName {
  return (MOVE_ORDER as readonly string[]).includes(action);
}

/** The frame's moves the page shows as buttons (next-hand is the result's own), in their order. */
export function shownMoves(frame: Frame): Action[] {
  const noCalls = frame.standing?.no_calls === true && frame.discard !== null;
  return frame.actions
    .filter((action) => isMove(action.action))
    .filter((action) => !(noCalls && CLAIMS.has(action.action) && frame.actions.some((other) => other.action === "pass")))
    .map((action, index) => ({ action, index }))
    .sort(
      (a, b) =>
        MOVE_ORDER.indexOf(a.action.action as MoveName) - MOVE_ORDER.indexOf(b.action.action as MoveName) || a.index - b.index,
    )
    .map(({ action }) => action);
}

export function moveButtons(frame: Frame, words: Dictionary, marks: MoveMarks): HTMLButtonElement[] {
  const buttons: HTMLButtonElement[] = [];
  let discardShown = false;
  for (const action of shownMoves(frame)) {
    if (action.action === "discard") {
      if (!discardShown) {
        discardShown = true; // one button for the whole turn: it discards the picked tile
        buttons.push(discardButton(words, marks.selected));
      }
      continue;
    }
    buttons.push(moveButton(frame, action.action as MoveName, action, words, marks));
  }
  return buttons;
}

function discardButton(words: Dictionary, selected: string | null): HTMLButtonElement {
  const button = make("button", "move", words.word("table.action.discard"));
  button.type = "button";
  button.dataset["action"] = "discard";
  if (selected === null) {
    button.setAttribute("aria-disabled", "true");
  } else {
    button.dataset["tiles"] = selected;
    button.append(tileElement(selected, words, "mini"));
    button.setAttribute("aria-label", `${words.word("table.action.discard")} ${words.tileName(selected)}`);
  }
  return button;
}

/** A move's button: Enter or a tap sends it (Cancel's first press only arms it). */
export function moveButton(frame: Frame, name: string, action: Action, words: Dictionary, marks: MoveMarks): HTMLButtonElement {
  const known = isMove(name) ? MOVE_WORDS[name] : name === "next-hand" ? "table.action.next_hand" : null;
  const word = known === null ? name : words.word(known);
  const chair = typeof action.seat === "string" ? action.seat : "";
  let label = name === "first" ? words.filled("table.action.first", seatName(frame, chair, words)) : word;
  if (name === "cancel" && marks.cancelArmed) {
    label = words.word("table.action.cancel_confirm");
  }
  const button = make("button", "move", label);
  button.type = "button";
  button.dataset["action"] = name;
  if (name === "first") {
    button.dataset["chair"] = chair;
  }
  if (name === "cancel" && marks.cancelArmed) {
    button.dataset["armed"] = "true";
  }
  const tiles = typeof action.tiles === "string" ? action.tiles : "";
  if (tiles !== "") {
    button.dataset["tiles"] = tiles;
    const shown = faces(tiles);
    const drawn = make("span", "mini-tiles");
    drawn.setAttribute("aria-hidden", "true");
    drawn.append(...shown.map((face) => tileElement(face, words, "mini")));
    button.append(drawn);
    button.setAttribute("aria-label", `${label} ${shown.map((face) => words.tileName(face)).join(", ")}`);
  }
  if (name === "mahjong" || name === "next-hand") {
    button.dataset["strong"] = "true";
  }
  return button;
}

/** The frame's action a pressed move button stands for: its name, tiles and chair (data-action,
 * data-tiles, data-chair) all the same; none when the frame no longer allows it. */
export function pressedAction(frame: Frame, button: HTMLElement): Action | undefined {
  const action = button.dataset["action"] ?? "";
  const tiles = button.dataset["tiles"] ?? "";
  const chair = button.dataset["chair"] ?? "";
  return frame.actions.find(
    (candidate) => candidate.action === action && (candidate.tiles ?? "") === tiles && (candidate.seat ?? "") === chair,
  );
}

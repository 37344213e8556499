// The lobby (SPEC §7.1): the invitation said, and for a standalone player the name their seat shows,
// asked before they first sit and changed there until the match starts.
import type { Dictionary } from "../words";
import { element } from "../dom";
import type { Frame } from "./frame";

/** The name the viewer sits under (null: none chosen yet) and whether they may change it here. */
export interface SeatNameState {
  readonly name: string | null;
  readonly editable: boolean;
}

export function drawLobby(frame: Frame | null, seatName: SeatNameState, words: Dictionary): void {
  const inLobby = frame?.state === "lobby";
  element<HTMLElement>("#lobby").hidden = !inLobby;
  element<HTMLFormElement>("#name-form").hidden = !(inLobby && seatName.editable);
  element<HTMLElement>("#name-current").textContent =
    seatName.name === null ? "" : words.filled("table.name.current", seatName.name);
}

/** What the name's form does on the table: sends a name, joins, refuses with a word of the page's. */
export interface NameSender {
  sendName(name: string): void;
  join(): void;
  refuseWord(key: "table.name.ask"): void;
}

export class SeatName implements SeatNameState {
  name: string | null = null;
  editable = false;
  // Join was pressed before a name was chosen: the join follows the server's word that it has it.
  private joinAfterName = false;

  constructor(
    private readonly field: HTMLInputElement,
    private readonly sender: NameSender,
  ) {}

  /** The server's word of the viewer's name. */
  named(name: string | null, editable: boolean): void {
    this.name = name;
    this.editable = editable;
    if (name !== null && document.activeElement !== this.field) {
      this.field.value = name;
    }
    if (this.joinAfterName && name !== null) {
      this.joinAfterName = false;
      this.sender.join();
    }
  }

  /** The server refused something: a join waiting on the name is off. */
  refused(): void {
    this.joinAfterName = false;
  }

  save(): void {
    const wanted = this.field.value.trim();
    if (wanted === "") {
      this.askForName();
      return;
    }
    this.sender.sendName(wanted);
  }

  /** Join pressed: true when the name comes first (a standalone player names their seat before they
   * first sit, SPEC §7.1), the join then following the name. */
  nameBeforeJoin(): boolean {
    if (!this.editable || this.name !== null) {
      return false;
    }
    if (this.field.value.trim() === "") {
      this.askForName();
      return true;
    }
    this.joinAfterName = true;
    this.save();
    return true;
  }

  private askForName(): void {
    this.sender.refuseWord("table.name.ask");
    this.field.focus();
  }
}

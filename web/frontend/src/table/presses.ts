// What the player's presses on the table page mean (SPEC §7.1): a hand tile picked or discarded, a move
// sent as the frame allows it (Cancel pressed twice, Join after a name), a standing choice, the
// invitation shared, the result put away and brought back. Nothing here draws the table: what a press
// changes shows when the server's next frame says so.
import type { Dictionary } from "../words";
import { type ClientMessage, type Frame, moveMessage, type Standing } from "./frame";
import { shareAddress } from "./invite";
import type { Presses } from "./listen";
import type { SeatName } from "./lobby";
import { pressedAction } from "./moves";
import type { HandPicking } from "./picking";
import type { ResultLayer } from "./result_layer";
import type { Settings } from "./settings";
import type { StatusLine } from "./status";

// Cancel's first press arms it this long.
const CONFIRM_MS = 4000;

/** The page the presses act on: what it shows now, where a message goes, and what it draws again. */
export interface PressedPage {
  frame(): Frame | null;
  words(): Dictionary;
  settings(): Settings;
  send(message: ClientMessage): void;
  drawHand(): void;
  drawMoves(): void;
  drawLayer(): void;
}

/** The page's parts a press changes. */
export interface PressedParts {
  readonly picking: HandPicking;
  readonly seatName: SeatName;
  readonly layer: ResultLayer;
  readonly status: StatusLine;
  readonly moves: HTMLElement;
  readonly invite: HTMLButtonElement;
}

export class TablePresses implements Presses {
  private armedCancel: number | null = null;
  private inviteDiscord: (() => Promise<boolean>) | null = null;

  constructor(
    private readonly page: PressedPage,
    private readonly parts: PressedParts,
  ) {}

  /** Cancel was pressed once: it asks to be pressed again. */
  get cancelArmed(): boolean {
    return this.armedCancel !== null;
  }

  /** Inside Discord, Invite opens Discord's own invitation first. */
  inviteWith(invite: () => Promise<boolean>): void {
    this.inviteDiscord = invite;
  }

  tile(index: number): void {
    const pressed = this.parts.picking.press(index, this.page.frame(), this.page.settings().oneTap);
    if (pressed === "picked") {
      this.page.drawHand();
      this.page.drawMoves();
    } else if (pressed !== "ignored") {
      this.discard(pressed.discard);
    }
  }

  handKey(event: KeyboardEvent): void {
    this.parts.picking.arrow(event);
  }

  move(button: HTMLButtonElement): void {
    const frame = this.page.frame();
    if (frame === null) {
      return;
    }
    switch (button.dataset["action"] ?? "") {
      case "discard": {
        const face = this.parts.picking.pickedFace;
        if (face === null) {
          this.parts.status.refuse(this.page.words().word("table.pick_first"));
        } else {
          this.discard(face);
        }
        return;
      }
      case "hint":
        // asked for, as Discord's Hint: the server answers this page alone with the tile, shown on the hand
        this.page.send({ type: "hint", step: frame.step });
        return;
      case "cancel":
        if (this.armedCancel === null) {
          this.armCancel();
          return;
        }
        break;
      case "join":
        if (this.parts.seatName.nameBeforeJoin()) {
          return;
        }
    }
    const chosen = pressedAction(frame, button);
    if (chosen !== undefined) {
      this.page.send(moveMessage(chosen, frame.step));
    }
  }

  /** The frame's action named `name`, sent as a press on its button would. */
  sendAction(name: string): void {
    const frame = this.page.frame();
    const chosen = frame?.actions.find((candidate) => candidate.action === name);
    if (frame !== null && chosen !== undefined) {
      this.page.send(moveMessage(chosen, frame.step));
    }
  }

  putResultAway(): void {
    this.parts.layer.putAway();
    this.page.drawLayer();
  }

  bringResultBack(): void {
    this.parts.layer.bringBack();
    this.page.drawLayer();
    this.parts.layer.focusTitle();
  }

  standing(choice: Standing): void {
    this.page.send({ type: "standing", choice });
  }

  saveName(): void {
    this.parts.seatName.save();
  }

  invite(): void {
    void this.share();
  }

  private async share(): Promise<void> {
    if (this.inviteDiscord !== null && (await this.inviteDiscord())) {
      return;
    }
    const words = this.page.words();
    const said = await shareAddress(this.parts.invite.dataset["url"] ?? window.location.href, words.word("table.title"));
    if (said !== "failed") {
      this.parts.status.say(words.word(said === "copied" ? "table.invite.copied" : "table.invite.shared"));
    }
  }

  private discard(face: string): void {
    const frame = this.page.frame();
    if (frame !== null) {
      this.page.send({ type: "move", action: "discard", tiles: face, step: frame.step });
    }
  }

  private armCancel(): void {
    this.armedCancel = window.setTimeout(() => {
      this.armedCancel = null;
      this.page.drawMoves();
    }, CONFIRM_MS);
    this.page.drawMoves();
    this.parts.moves.querySelector<HTMLElement>('button[data-action="cancel"]')?.focus();
  }
}

// The table page's controller (SPEC §7, §7.1): what the server says over the table's socket is drawn
// (render.ts, and the views that keep the player's own choices: the hand, the moves, the lobby, the
// result's layer, the clocks, the status line), and the presses (presses.ts) go back over it. The page
// remembers between frames only what the frame cannot say: the picked tile, the hint, the name asked
// for, the result put away, the settings.
import { Dictionary, type Words } from "../words";
import { invitationUrl } from "./address";
import { TurnCall } from "./alert";
import { drawDeadline } from "./deadline";
import { focusKey, restoreFocus } from "./focus";
import { type ClientMessage, FAIR_PLAY, type Frame, type ServerMessage } from "./frame";
import { labelShell } from "./labels";
import { listenToPresses } from "./listen";
import { drawLobby, SeatName } from "./lobby";
import { moveButtons } from "./moves";
import { Outbox } from "./outbox";
import { HandPicking } from "./picking";
import { TablePresses } from "./presses";
import { drawFrame } from "./render";
import { hasNewResult, ResultLayer } from "./result_layer";
import { bindSettingBoxes, loadSettings, pageStorage, type Settings } from "./settings";
import type { TableShell } from "./shell";
import { type Connection, type Hello, socketUrl, TableSocket } from "./socket";
import { StatusLine } from "./status";

/** No words yet (or none to be had): each word shows its key. */
export const KEYS_ONLY: Words = { lang: "en", words: {}, tiles: {} };
// The deadline's seconds are redrawn this often (a second changes within a quarter).
const CLOCK_REDRAW_MS = 250;

export class TablePage {
  private words = new Dictionary(KEYS_ONLY);
  private frame: Frame | null = null;
  private connection: Connection = "connecting";
  private settings: Settings;
  private readonly outbox = new Outbox();
  private readonly turnCall = new TurnCall();
  private readonly picking: HandPicking;
  private readonly layer: ResultLayer;
  private readonly status: StatusLine;
  private readonly seatName: SeatName;
  private readonly presses: TablePresses;

  constructor(
    private readonly shell: TableShell,
    // Inside Discord (the URL has its frame_id): the player is the Activity's member.
    private readonly activity: boolean,
  ) {
    const storage = pageStorage();
    this.settings = loadSettings(storage);
    this.picking = new HandPicking(shell.hand);
    this.layer = new ResultLayer(shell.overlay, shell.showResult, activity);
    this.status = new StatusLine(shell.status, () => ({
      words: this.words,
      framed: this.frame !== null,
      connection: this.connection,
    }));
    this.seatName = new SeatName(shell.nameField, {
      sendName: (name) => this.send({ type: "name", name }),
      join: () => this.presses.sendAction("join"),
      refuseWord: (key) => this.status.refuse(this.words.word(key)),
    });
    const page = {
      frame: () => this.frame,
      words: () => this.words,
      settings: () => this.settings,
      send: (message: ClientMessage) => this.send(message),
      drawHand: () => this.picking.draw(this.frame, this.words),
      drawMoves: () => this.drawMoves(),
      drawLayer: () => this.drawLayer(),
    };
    const parts = { picking: this.picking, seatName: this.seatName, layer: this.layer, status: this.status };
    this.presses = new TablePresses(page, { ...parts, moves: shell.moves, invite: shell.invite });
    listenToPresses(shell, this.presses);
    bindSettingBoxes(this.settings, storage, (settings) => {
      this.settings = settings;
    });
  }

  /** The page's words (or, failing them, their keys): the shell and the frame shown are said in them. */
  useWords(words: Dictionary): void {
    this.words = words;
    labelShell(this.shell, this.frame, words);
    this.layer.wordsChanged();
    if (this.frame !== null) {
      this.show(this.frame);
    }
  }

  /** Inside Discord, Invite opens Discord's own invitation first. */
  inviteWith(invite: () => Promise<boolean>): void {
    this.presses.inviteWith(invite);
  }

  /** Opens the table's socket (`hello`: the Activity's sign-in, said first) and runs the clock. */
  play(hello: Hello | null): void {
    this.status.draw();
    const url = socketUrl(window.location, this.words.lang);
    this.outbox.open(
      new TableSocket(url, hello, {
        message: (message) => this.received(message),
        connection: (state) => this.connectionChanged(state),
      }),
    );
    window.setInterval(() => this.drawDeadline(), CLOCK_REDRAW_MS);
  }

  private received(message: ServerMessage): void {
    switch (message.type) {
      case "refused":
        if (message.error === FAIR_PLAY) {
          this.refusedWatching(message.message);
          return;
        }
        this.outbox.answered();
        this.seatName.refused();
        this.status.refuse(message.message !== "" ? message.message : message.error);
        return;
      case "hint":
        if (this.frame !== null && message.step === this.frame.step) {
          this.picking.hint(message.tiles);
          this.picking.draw(this.frame, this.words);
        }
        return;
      case "name":
        this.seatName.named(message.name, message.editable);
        drawLobby(this.frame, this.seatName, this.words);
        return;
      case "pong":
        return;
      case "frame":
        if (this.frame !== null && message.version < this.frame.version) {
          return; // an older view than the one shown
        }
        this.show(message);
    }
  }

  /** The table may not be watched by this player now (fair play): said for good, and no reconnecting. */
  private refusedWatching(message: string): void {
    this.shell.table.dataset["refused"] = FAIR_PLAY;
    this.status.hold(message);
    this.outbox.stop();
  }

  private connectionChanged(state: Connection): void {
    this.connection = state;
    this.shell.table.dataset["connection"] = state === "open" || state === "stopped" ? "open" : "reconnecting";
    if (state === "open") {
      // a move sent on a socket that went down may never have arrived: the next frame says
      this.outbox.answered();
    }
    this.status.draw();
  }

  private send(message: ClientMessage): void {
    this.outbox.send(message, this.frame);
  }

  private show(frame: Frame): void {
    const before = this.frame;
    const focused = focusKey(document.activeElement);
    const active = document.activeElement;
    const controls = [this.shell.hand, this.shell.moves, this.shell.overlay];
    const focusWasOurs = active !== null && controls.some((area) => area.contains(active));
    const newStep = before === null || before.step !== frame.step;
    if (newStep) {
      this.outbox.answered();
    }
    if (hasNewResult(before, frame)) {
      this.layer.bringBack();
    }
    this.frame = frame;
    this.picking.follow(frame, newStep);
    drawFrame(this.shell, frame, before, this.words);
    this.shell.invite.dataset["url"] = invitationUrl(frame.table, window.location.href, this.activity);
    this.picking.draw(frame, this.words);
    this.drawMoves();
    drawLobby(frame, this.seatName, this.words);
    this.drawLayer();
    this.drawDeadline();
    this.status.draw();
    if (focusWasOurs) {
      const claimClosed = before?.actions.some((action) => action.action === "pass") === true;
      restoreFocus(focused, controls, claimClosed);
    }
    this.turnCall.shown(frame, this.words, this.settings);
    if (frame.state === "closed") {
      this.outbox.stop();
    }
  }

  private drawMoves(): void {
    const frame = this.frame;
    const marks = { selected: this.picking.pickedFace, cancelArmed: this.presses.cancelArmed };
    const buttons = frame === null ? [] : moveButtons(frame, this.words, marks);
    this.shell.moves.replaceChildren(...buttons);
    this.shell.moves.hidden = buttons.length === 0;
  }

  private drawLayer(): void {
    // the result's card holds the countdown: drawn anew, it gets it back at once
    if (this.layer.draw(this.frame, this.words)) {
      this.drawDeadline();
    }
  }

  private drawDeadline(): void {
    drawDeadline(this.frame, Date.now(), this.words, this.shell.overlay);
  }
}

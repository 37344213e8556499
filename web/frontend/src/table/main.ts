// The four-player table as a page (SPEC §7, §7.1): draws every frame the server pushes over the table's
// socket with the views beside this file (seats, hand, moves, result, sheet, log), and sends back the
// moves the frame allows. A tap changes nothing on the page until the server's next frame says it did.
// This module is the page's wiring only: what it remembers between frames (the picked tile, the hint,
// the settings, the name asked for) and where each view goes.
import { ApiError, fetchWords } from "../api";
import { FACE_RATIO } from "../layout";
import { SPRITE_SHEET } from "../sprites";
import { clockText, Dictionary, type WordKey } from "../words";
import { drawCentre } from "./centre";
import { bankSeconds, countdown } from "./clock";
import { element, make } from "./dom";
import { drawFigures, waitsView } from "./figures";
import { focusKey, restoreFocus } from "./focus";
import {
  type Action,
  type ClientMessage,
  type Frame,
  moveMessage,
  type ServerMessage,
  type Standing,
  STANDINGS,
} from "./frame";
import { discardable, handButtons, ownHand } from "./hand";
import { shareAddress } from "./invite";
import { updateLog } from "./log";
import { moveButtons } from "./moves";
import { joinDiscordTable } from "./inside_discord";
import { hasOverlay, overlayParts } from "./overlay";
import { seatElements } from "./seats";
import { chime, loadSettings, saveSettings, type Settings } from "./settings";
import { sheetTable } from "./sheet";
import { type Connection, type Hello, socketUrl, TableSocket } from "./socket";
import { awaitsViewer, documentTitle } from "./turn";

// A refusal stays on the status line this long.
const REFUSAL_MS = 5000;
// The deadline's seconds are redrawn this often (a second changes within a quarter).
const CLOCK_REDRAW_MS = 250;
// Cancel's first press arms it this long.
const CONFIRM_MS = 4000;

const STANDING_WORDS: Readonly<Record<Standing, WordKey>> = {
  auto_win: "table.standing.auto_win",
  no_calls: "table.standing.no_calls",
  auto_discard: "table.standing.auto_discard",
};

/** The table id of `/table/<id>` (the page's path, a proxy's prefix before it allowed). */
function tableIdOf(pathname: string): string {
  const found = /\/table\/([^/]+)\/?$/.exec(pathname);
  return found?.[1] === undefined ? "" : decodeURIComponent(found[1]);
}

class TablePage {
  private readonly table = element<HTMLElement>("#table");
  private readonly seatsArea = element<HTMLElement>("#seats");
  private readonly status = element<HTMLElement>("#status");
  private readonly own = element<HTMLElement>("#own");
  private readonly hand = element<HTMLElement>("#hand");
  private readonly moves = element<HTMLElement>("#moves");
  private readonly standing = element<HTMLElement>("#standing");
  private readonly overlay = element<HTMLElement>("#overlay");
  private readonly log = element<HTMLElement>("#log");
  private readonly story = element<HTMLElement>("#story");
  private readonly sheetBox = element<HTMLDetailsElement>("#sheet-box");
  private readonly lobby = element<HTMLElement>("#lobby");
  private readonly nameForm = element<HTMLFormElement>("#name-form");
  private readonly nameField = element<HTMLInputElement>("#pseudonym");
  private readonly invite = element<HTMLButtonElement>("#invite");
  private readonly waits = element<HTMLElement>("#waits");
  private words = new Dictionary({ lang: "en", words: {}, tiles: {} });
  private socket: TableSocket | null = null;
  private frame: Frame | null = null;
  // The hand tile picked for a discard (its index in the hand, and its face to find it again).
  private selected: { index: number; face: string } | null = null;
  private hinted: string | null = null;
  // The step a move was sent at: no second move is sent before the server answered it.
  private sentStep: number | null = null;
  private focusIndex = 0;
  private connection: Connection = "connecting";
  private refusalTimer: number | null = null;
  private refusal = "";
  private notice = "";
  private overlayKey = "";
  private overlayHidden = false;
  private cancelArmed: number | null = null;
  private settings: Settings;
  private wasAwaited = false;
  // The name the player sits under (null: none chosen yet) and whether they may change it here.
  private name: string | null = null;
  private nameEditable = false;
  private joinAfterName = false;
  private inviteDiscord: (() => Promise<boolean>) | null = null;

  constructor(
    private readonly tableId: string,
    // Inside Discord (the URL has its frame_id): the player is the Activity's member.
    private readonly activity: boolean,
  ) {
    this.settings = loadSettings(this.storage());
  }

  async start(lang: string | null): Promise<void> {
    this.table.dataset["tableId"] = this.tableId;
    const style = document.body.style;
    style.setProperty("--cell-width", String(SPRITE_SHEET.cellWidth / SPRITE_SHEET.faceWidth));
    style.setProperty("--cell-height", String(SPRITE_SHEET.cellHeight / SPRITE_SHEET.faceWidth));
    style.setProperty("--face-ratio", String(FACE_RATIO));
    style.setProperty("--sheet-size", `${SPRITE_SHEET.columns * 100}% ${SPRITE_SHEET.rows * 100}%`);
    this.followOwnPanel();
    this.listen();
    let hello: Hello | null = null;
    if (this.activity) {
      hello = await this.joinDiscord(lang);
      if (hello === null) {
        return;
      }
    }
    try {
      this.words = new Dictionary(await fetchWords(lang));
    } catch {
      // the page still plays without its words: each shows its key
    }
    this.applyWords();
    this.sayStatus();
    this.socket = new TableSocket(socketUrl(window.location, this.words.lang), hello, {
      message: (message) => this.received(message),
      connection: (state) => this.connectionChanged(state),
    });
    this.socket.open();
    window.setInterval(() => this.drawDeadline(), CLOCK_REDRAW_MS);
  }

  private storage(): Storage | null {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  }

  /** The player's panel stays at the bottom of a phone's screen: whatever the page scrolls into view
   * (a focused tile, the last discard) is kept above it, never under it. */
  private followOwnPanel(): void {
    const set = (): void => {
      const sticky = window.getComputedStyle(this.own).position === "sticky";
      document.documentElement.style.setProperty("--own-height", sticky ? `${this.own.offsetHeight}px` : "0px");
    };
    new ResizeObserver(set).observe(this.own);
    window.addEventListener("resize", set);
    set();
  }

  // --- inside Discord --------------------------------------------------------------------------------

  /** The Activity's sign-in: the hello the socket says first, or null when the page cannot start (said
   * in its status). */
  private async joinDiscord(lang: string | null): Promise<Hello | null> {
    try {
      const joined = await joinDiscordTable();
      this.inviteDiscord = joined.invite;
      return joined.hello;
    } catch (error) {
      this.words = new Dictionary(await fetchWords(lang).catch(() => ({ lang: "en", words: {}, tiles: {} })));
      this.applyWords();
      this.status.textContent =
        error instanceof ApiError && error.message !== "" ? error.message : this.words.word("activity.failed");
      return null;
    }
  }

  // --- the socket ----------------------------------------------------------------------------------

  private received(message: ServerMessage): void {
    switch (message.type) {
      case "refused":
        this.sentStep = null;
        this.joinAfterName = false;
        this.refused(message.message !== "" ? message.message : message.error);
        return;
      case "hint":
        if (this.frame !== null && message.step === this.frame.step) {
          this.hinted = message.tiles; // shown on the hand until the table moves on
          this.drawHand();
        }
        return;
      case "name":
        this.named(message.name, message.editable);
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

  private connectionChanged(state: Connection): void {
    this.connection = state;
    this.table.dataset["connection"] = state === "open" || state === "stopped" ? "open" : "reconnecting";
    if (state === "open") {
      // a move sent on a socket that went down may never have arrived: the next frame says
      this.sentStep = null;
    }
    this.sayStatus();
  }

  private refused(message: string): void {
    this.refusal = message;
    if (this.refusalTimer !== null) {
      window.clearTimeout(this.refusalTimer);
    }
    this.refusalTimer = window.setTimeout(() => {
      this.refusal = "";
      this.refusalTimer = null;
      this.sayStatus();
    }, REFUSAL_MS);
    this.sayStatus();
  }

  /** A passing word on the status line (the invitation copied, the name saved). */
  private say(message: string): void {
    this.notice = message;
    this.refused(message);
  }

  /** The status line: a refusal while it lasts, else the connection's trouble, else nothing. */
  private sayStatus(): void {
    let text = this.refusal;
    if (text === "" && this.frame === null && this.connection !== "stopped") {
      text = this.words.word("table.loading");
    }
    if (text === "" && this.connection === "reconnecting") {
      text = this.words.word("table.reconnecting");
    }
    this.status.dataset["kind"] = text === "" ? "" : text === this.notice ? "notice" : "trouble";
    if (this.status.textContent !== text) {
      this.status.textContent = text;
    }
  }

  private send(message: ClientMessage): void {
    const frame = this.frame;
    if (message.type === "move") {
      if (frame === null || this.sentStep === frame.step) {
        return;
      }
      if (this.socket?.send(message) === true) {
        this.sentStep = frame.step;
      }
      return;
    }
    this.socket?.send(message);
  }

  // --- the player's name -----------------------------------------------------------------------------

  private named(name: string | null, editable: boolean): void {
    this.name = name;
    this.nameEditable = editable;
    if (name !== null && document.activeElement !== this.nameField) {
      this.nameField.value = name;
    }
    if (this.joinAfterName && name !== null) {
      this.joinAfterName = false;
      this.sendAction("join");
    }
    this.drawLobby();
  }

  private saveName(): void {
    const wanted = this.nameField.value.trim();
    if (wanted === "") {
      this.refused(this.words.word("table.name.ask"));
      this.nameField.focus();
      return;
    }
    this.send({ type: "name", name: wanted });
  }

  // --- presses -------------------------------------------------------------------------------------

  private listen(): void {
    this.hand.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("#hand > button");
      if (button !== null) {
        this.pressTile(Number(button.dataset["index"]));
      }
    });
    this.hand.addEventListener("keydown", (event) => this.arrow(event));
    for (const area of [this.moves, this.overlay, this.lobby]) {
      area.addEventListener("click", (event) => {
        const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
        if (button !== null && button.form === null) {
          this.pressMove(button);
        }
      });
    }
    this.overlay.addEventListener("click", (event) => {
      const toggle = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-toggle]");
      if (toggle !== null) {
        this.overlayHidden = true;
        this.drawOverlay();
      }
    });
    element<HTMLButtonElement>("#show-result").addEventListener("click", () => {
      this.overlayHidden = false;
      this.drawOverlay();
      this.overlay.querySelector<HTMLElement>("h2")?.focus();
    });
    for (const toggle of this.standing.querySelectorAll<HTMLButtonElement>("button[data-standing]")) {
      toggle.addEventListener("click", () => {
        const choice = toggle.dataset["standing"] as Standing;
        if (STANDINGS.includes(choice)) {
          this.send({ type: "standing", choice });
        }
      });
    }
    this.nameForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.saveName();
    });
    this.invite.addEventListener("click", () => void this.share());
    for (const box of document.querySelectorAll<HTMLInputElement>("#settings input[data-setting]")) {
      const key = box.dataset["setting"] as keyof Settings;
      box.checked = this.settings[key];
      box.addEventListener("change", () => {
        this.settings = { ...this.settings, [key]: box.checked };
        saveSettings(this.storage(), this.settings);
      });
    }
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !this.overlay.hidden) {
        this.overlayHidden = true;
        this.drawOverlay();
      }
    });
  }

  private async share(): Promise<void> {
    if (this.inviteDiscord !== null) {
      if (await this.inviteDiscord()) {
        return;
      }
    }
    const said = await shareAddress(this.invite.dataset["url"] ?? window.location.href, this.words.word("table.title"));
    if (said !== "failed") {
      this.say(this.words.word(said === "copied" ? "table.invite.copied" : "table.invite.shared"));
    }
  }

  /** A hand tile pressed: the first press picks it, a press on the picked one discards it (one press
   * with the one-tap setting). Outside the viewer's turn to discard, a press does nothing. */
  private pressTile(index: number): void {
    const face = ownHand(this.frame)[index];
    this.focusIndex = index;
    if (face === undefined || !discardable(this.frame).has(face)) {
      return;
    }
    if (this.selected?.index === index || this.settings.oneTap) {
      this.discard(face);
      return;
    }
    this.selected = { index, face };
    this.drawHand();
    this.drawMoves();
  }

  private discard(face: string): void {
    const frame = this.frame;
    if (frame !== null) {
      this.send({ type: "move", action: "discard", tiles: face, step: frame.step });
    }
  }

  private sendAction(name: string): void {
    const frame = this.frame;
    const chosen = frame?.actions.find((candidate) => candidate.action === name);
    if (frame !== null && chosen !== undefined) {
      this.send(moveMessage(chosen, frame.step));
    }
  }

  private pressMove(button: HTMLButtonElement): void {
    const frame = this.frame;
    const action = button.dataset["action"] ?? "";
    if (frame === null) {
      return;
    }
    if (action === "discard") {
      if (this.selected === null) {
        this.refused(this.words.word("table.pick_first"));
      } else {
        this.discard(this.selected.face);
      }
      return;
    }
    if (action === "hint") {
      // asked for, as Discord's Hint: the server answers this page alone with the tile, shown on the hand
      this.send({ type: "hint", step: frame.step });
      return;
    }
    if (action === "cancel" && this.cancelArmed === null) {
      this.cancelArmed = window.setTimeout(() => {
        this.cancelArmed = null;
        this.drawMoves();
      }, CONFIRM_MS);
      this.drawMoves();
      this.moves.querySelector<HTMLElement>('button[data-action="cancel"]')?.focus();
      return;
    }
    if (action === "join" && this.nameEditable && this.name === null) {
      // a standalone player names their seat before they first sit (SPEC §7.1)
      if (this.nameField.value.trim() === "") {
        this.refused(this.words.word("table.name.ask"));
        this.nameField.focus();
        return;
      }
      this.joinAfterName = true;
      this.saveName();
      return;
    }
    const tiles = button.dataset["tiles"] ?? "";
    const chair = button.dataset["chair"] ?? "";
    const chosen = frame.actions.find(
      (candidate: Action) =>
        candidate.action === action && (candidate.tiles ?? "") === tiles && (candidate.seat ?? "") === chair,
    );
    if (chosen !== undefined) {
      this.send(moveMessage(chosen, frame.step));
    }
  }

  private arrow(event: KeyboardEvent): void {
    const buttons = [...this.hand.querySelectorAll<HTMLButtonElement>(":scope > button")];
    const current = buttons.indexOf(event.target as HTMLButtonElement);
    if (current < 0 || buttons.length === 0) {
      return;
    }
    const targets: Readonly<Record<string, number>> = {
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      Home: 0,
      End: buttons.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) {
      return;
    }
    event.preventDefault();
    this.focusIndex = Math.min(buttons.length - 1, Math.max(0, target));
    this.rovingTabStop();
    buttons[this.focusIndex]?.focus();
  }

  // --- drawing -------------------------------------------------------------------------------------

  private show(frame: Frame): void {
    const before = this.frame;
    const focused = focusKey(document.activeElement);
    const active = document.activeElement;
    const focusWasOurs =
      active !== null && (this.hand.contains(active) || this.moves.contains(active) || this.overlay.contains(active));
    if (before === null || before.step !== frame.step) {
      this.sentStep = null;
      this.hinted = null;
    }
    if (before === null || before.state !== frame.state || before.hand_number !== frame.hand_number) {
      this.overlayHidden = false; // a new result (or none) is shown again
    }
    this.frame = frame;
    const table = this.table;
    table.dataset["tableId"] = frame.table;
    table.dataset["version"] = String(frame.version);
    table.dataset["state"] = frame.state;
    table.dataset["rules"] = frame.rules;
    table.dataset["viewer"] = frame.viewer;
    document.body.dataset["state"] = frame.state;
    this.keepSelection();
    this.drawFigures(frame);
    this.seatsArea.dataset["players"] = String(frame.seats.length);
    this.seatsArea.replaceChildren(...seatElements(frame, this.words, before));
    drawCentre(frame, before, this.words);
    this.drawHand();
    this.drawMoves();
    this.drawStanding(frame);
    this.drawWaits(frame);
    const seen = this.log.children.length;
    updateLog(this.log, frame, this.words);
    this.story.hidden = this.log.children.length === 0;
    if (this.log.children.length !== seen) {
      this.log.scrollTop = this.log.scrollHeight; // the newest line in view
    }
    this.drawSheet(frame);
    this.drawLobby();
    this.drawOverlay();
    this.drawDeadline();
    this.sayStatus();
    if (focusWasOurs) {
      const claimClosed = before?.actions.some((action) => action.action === "pass") === true;
      restoreFocus(focused, [this.hand, this.moves, this.overlay], claimClosed);
    }
    this.awaited(frame);
    if (frame.state === "closed") {
      this.socket?.stop();
    }
  }

  /** The tab's title while the table waits for the viewer, and the setting's sound and vibration when
   * it starts to. */
  private awaited(frame: Frame): void {
    document.title = documentTitle(frame, this.words);
    const now = awaitsViewer(frame);
    if (now && !this.wasAwaited) {
      if (this.settings.sound) {
        chime();
      }
      if (this.settings.vibrate && typeof navigator.vibrate === "function") {
        navigator.vibrate(120);
      }
    }
    this.wasAwaited = now;
  }

  /** The picked tile stays picked while it is still in the hand and may still be discarded. */
  private keepSelection(): void {
    const selected = this.selected;
    if (selected === null) {
      return;
    }
    const hand = ownHand(this.frame);
    if (!discardable(this.frame).has(selected.face)) {
      this.selected = null;
    } else if (hand[selected.index] !== selected.face) {
      const index = hand.indexOf(selected.face);
      this.selected = index < 0 ? null : { index, face: selected.face };
    }
  }

  private drawFigures(frame: Frame): void {
    drawFigures(frame, this.words);
    const address = new URL(`/table/${encodeURIComponent(frame.table)}`, window.location.href);
    this.invite.dataset["url"] = this.activity ? window.location.href : address.href;
  }

  private drawHand(): void {
    const frame = this.frame;
    const active = document.activeElement;
    const focusedIndex =
      active instanceof HTMLElement && active.parentElement === this.hand ? Number(active.dataset["index"]) : null;
    const buttons =
      frame === null ? [] : handButtons(frame, this.words, { selected: this.selected?.index ?? null, hinted: this.hinted });
    this.hand.replaceChildren(...buttons);
    this.hand.hidden = buttons.length === 0;
    this.focusIndex = Math.min(Math.max(0, this.focusIndex), Math.max(0, buttons.length - 1));
    this.rovingTabStop();
    if (focusedIndex !== null) {
      buttons[Math.min(focusedIndex, buttons.length - 1)]?.focus();
    }
    this.markSame();
  }

  /** While a hand tile is picked, every tile of its face on the table is marked too. */
  private markSame(): void {
    const face = this.selected?.face ?? null;
    for (const tile of document.querySelectorAll<HTMLElement>("[data-same]")) {
      delete tile.dataset["same"];
    }
    if (face === null) {
      return;
    }
    for (const tile of document.querySelectorAll<HTMLElement>(`#seats .tile[data-face="${CSS.escape(face)}"], #hand > .tile[data-face="${CSS.escape(face)}"]`)) {
      tile.dataset["same"] = "true";
    }
  }

  // One hand tile is the hand's tab stop (the picked one, else the last focused); arrows move between them.
  private rovingTabStop(): void {
    const stop = this.selected?.index ?? this.focusIndex;
    this.hand.querySelectorAll<HTMLButtonElement>(":scope > button").forEach((button, index) => {
      button.tabIndex = index === stop ? 0 : -1;
    });
  }

  private drawMoves(): void {
    const frame = this.frame;
    const buttons =
      frame === null
        ? []
        : moveButtons(frame, this.words, { selected: this.selected?.face ?? null, cancelArmed: this.cancelArmed !== null });
    this.moves.replaceChildren(...buttons);
    this.moves.hidden = buttons.length === 0;
  }

  private drawStanding(frame: Frame): void {
    const standing = frame.standing ?? null;
    this.standing.hidden = standing === null;
    for (const toggle of this.standing.querySelectorAll<HTMLButtonElement>("button[data-standing]")) {
      const choice = toggle.dataset["standing"] as Standing;
      toggle.setAttribute("aria-pressed", String(standing?.[choice] === true));
    }
  }

  /** A learners' table says which tiles would complete the viewer's hand and how many they have not seen. */
  private drawWaits(frame: Frame): void {
    const parts = waitsView(frame, this.words);
    this.waits.hidden = parts.length === 0;
    this.waits.replaceChildren(...parts);
  }

  private drawSheet(frame: Frame): void {
    const rows = frame.sheet ?? [];
    this.sheetBox.hidden = rows.length === 0;
    const key = JSON.stringify([this.words.lang, rows]);
    if (this.sheetBox.dataset["key"] !== key) {
      this.sheetBox.dataset["key"] = key;
      this.sheetBox.querySelector("#sheet")?.remove();
      this.sheetBox.append(sheetTable(frame, this.words));
    }
  }

  /** The lobby: the invitation said, and the name form for a standalone player. */
  private drawLobby(): void {
    const frame = this.frame;
    const inLobby = frame?.state === "lobby";
    this.lobby.hidden = !inLobby;
    this.nameForm.hidden = !(inLobby && this.nameEditable);
    const current = element<HTMLElement>("#name-current");
    current.textContent = this.name === null ? "" : this.words.filled("table.name.current", this.name);
  }

  // --- the result and the match's end ----------------------------------------------------------------

  private drawOverlay(): void {
    const frame = this.frame;
    const over = hasOverlay(frame);
    element<HTMLButtonElement>("#show-result").hidden = !(over && this.overlayHidden);
    document.body.dataset["overlay"] = String(over && !this.overlayHidden);
    this.overlay.hidden = !over || this.overlayHidden;
    // drawn again only when what it says changes (the countdown in it is the clock's own)
    const key = over ? JSON.stringify([this.words.lang, frame.version, this.overlayHidden]) : "";
    if (key !== this.overlayKey) {
      this.overlayKey = key;
      this.overlay.replaceChildren(...(over ? overlayParts(frame, this.words, this.activity) : []));
      this.drawDeadline();
    }
  }

  // --- the deadline --------------------------------------------------------------------------------

  /** The countdown beside the hand, or in the result's card while it shows; the time bank beside it. */
  private drawDeadline(): void {
    const shown = countdown(this.frame, Date.now(), this.words);
    const resultClock = this.overlay.hidden ? null : this.overlay.querySelector<HTMLElement>(".result-clock");
    const clock = element<HTMLElement>("#clock");
    const place = resultClock ?? clock;
    let timer = document.getElementById("deadline");
    clock.hidden = shown === null || resultClock !== null;
    if (shown === null) {
      timer?.remove();
    } else {
      if (timer === null || timer.parentElement !== place) {
        timer?.remove();
        timer = make("span", "deadline");
        timer.id = "deadline";
        timer.setAttribute("role", "timer");
        place.append(timer);
      }
      if (timer.dataset["seconds"] !== String(shown.seconds)) {
        timer.dataset["seconds"] = String(shown.seconds);
        timer.textContent = shown.text;
        timer.classList.toggle("short", shown.short);
      }
    }
    const bank = bankSeconds(this.frame);
    const banked = element<HTMLElement>("#bank");
    banked.hidden = bank === null || bank <= 0;
    const text = bank === null ? "" : this.words.filled("table.bank", clockText(bank));
    if (banked.textContent !== text) {
      banked.textContent = text;
      banked.dataset["seconds"] = bank === null ? "" : String(bank);
    }
  }

  private applyWords(): void {
    document.documentElement.lang = this.words.lang.replace("_", "-");
    document.title = documentTitle(this.frame, this.words);
    this.table.setAttribute("aria-label", this.words.word("table.board"));
    this.hand.setAttribute("aria-label", this.words.word("table.hand"));
    this.moves.setAttribute("aria-label", this.words.word("table.moves"));
    this.standing.setAttribute("aria-label", this.words.word("table.standing"));
    this.log.setAttribute("aria-label", this.words.word("table.log"));
    for (const node of document.querySelectorAll<HTMLElement>("[data-word]")) {
      node.textContent = this.words.word(node.dataset["word"] as WordKey);
    }
    for (const toggle of this.standing.querySelectorAll<HTMLButtonElement>("button[data-standing]")) {
      const key = STANDING_WORDS[toggle.dataset["standing"] as Standing] as WordKey | undefined;
      if (key !== undefined) {
        toggle.textContent = this.words.word(key);
      }
    }
    this.overlayKey = "";
    if (this.frame !== null) {
      this.show(this.frame);
    }
  }
}

const params = new URLSearchParams(window.location.search);
void new TablePage(tableIdOf(window.location.pathname), params.has("frame_id")).start(params.get("lang"));

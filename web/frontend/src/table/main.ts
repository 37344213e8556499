// The four-player table as a page (SPEC §7): draws every frame the server pushes over the table's
// socket, and sends back the moves the frame allows. The element contract (ids, data- attributes, aria)
// is SPEC §7's table; a tap changes nothing on the page until the server's next frame says it did.
import { ApiError, exchangeCode, fetchClientId, fetchWords, handedOver, openSession, useSession } from "../api";
import { FACE_RATIO, spritePosition } from "../layout";
import { SPRITE_CELLS, SPRITE_SHEET } from "../sprites";
import { clockText, Dictionary, type WordKey } from "../words";
import {
  type Action,
  type ClientMessage,
  faces,
  type Frame,
  isWind,
  moveMessage,
  positions,
  type Result,
  type Seat,
  secondsLeft,
  type ServerMessage,
  type Standing,
  STANDINGS,
  type Wind,
} from "./frame";
import { type Connection, type Hello, socketUrl, TableSocket } from "./socket";

// A refusal stays on the status line this long.
const REFUSAL_MS = 5000;
// The deadline's seconds are redrawn this often (a second changes within a quarter).
const CLOCK_REDRAW_MS = 250;

// The moves in the order their buttons stand; an action the page does not know is not offered.
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
  "next-hand",
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
  "next-hand": "table.action.next_hand",
  join: "table.action.join",
  leave: "table.action.leave",
  "add-computer": "table.action.add_computer",
  first: "table.action.first",
  start: "table.action.start",
  cancel: "table.action.cancel",
};
const WIND_WORDS: Readonly<Record<Wind, WordKey>> = {
  E: "table.wind.E",
  S: "table.wind.S",
  W: "table.wind.W",
  N: "table.wind.N",
};
const RULES_WORDS: Readonly<Record<string, WordKey>> = {
  classic: "table.rules.classic",
  hongkong: "table.rules.hongkong",
  family: "table.rules.family",
};
const STANDING_WORDS: Readonly<Record<Standing, WordKey>> = {
  auto_win: "table.standing.auto_win",
  no_calls: "table.standing.no_calls",
  auto_discard: "table.standing.auto_discard",
};

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) {
    throw new Error(`the page shell lacks ${selector}`);
  }
  return found;
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text: string | null = null,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className !== "") {
    made.className = className;
  }
  if (text !== null) {
    made.textContent = text;
  }
  return made;
}

function isMove(action: string): action is MoveName {
  return (MOVE_ORDER as readonly string[]).includes(action);
}

/** The table id of `/table/<id>` (the page's path, a proxy's prefix before it allowed). */
function tableIdOf(pathname: string): string {
  const found = /\/table\/([^/]+)\/?$/.exec(pathname);
  return found?.[1] === undefined ? "" : decodeURIComponent(found[1]);
}

/** What the focus was on before a redraw, to put it back on the same control after it. */
function focusKey(node: Element | null): string | null {
  if (!(node instanceof HTMLElement)) {
    return null;
  }
  if (node.parentElement?.id === "hand" && node.dataset["index"] !== undefined) {
    return `hand:${node.dataset["index"]}`;
  }
  if (node.dataset["action"] !== undefined && node.closest("#moves") !== null) {
    return `move:${node.dataset["action"]}:${node.dataset["tiles"] ?? ""}:${node.dataset["chair"] ?? ""}`;
  }
  return null;
}

class TablePage {
  private readonly table = element<HTMLElement>("#table");
  private readonly seatsArea = element<HTMLElement>("#seats");
  private readonly turnLine = element<HTMLElement>("#turn");
  private readonly offer = element<HTMLElement>("#offer");
  private readonly prompt = element<HTMLElement>("#prompt");
  private readonly status = element<HTMLElement>("#status");
  private readonly hand = element<HTMLElement>("#hand");
  private readonly moves = element<HTMLElement>("#moves");
  private readonly standing = element<HTMLElement>("#standing");
  private readonly summary = element<HTMLElement>("#summary");
  private readonly wall = element<HTMLElement>("#wall");
  private readonly deadlineFigure = element<HTMLElement>("#deadline-figure");
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
  private summaryKey = "";

  constructor(
    private readonly tableId: string,
    // Inside Discord (the URL has its frame_id): the player is the Activity's member.
    private readonly activity: boolean,
  ) {}

  async start(lang: string | null): Promise<void> {
    this.table.dataset["tableId"] = this.tableId;
    const style = document.body.style;
    style.setProperty("--cell-width", String(SPRITE_SHEET.cellWidth / SPRITE_SHEET.faceWidth));
    style.setProperty("--cell-height", String(SPRITE_SHEET.cellHeight / SPRITE_SHEET.faceWidth));
    style.setProperty("--face-ratio", String(FACE_RATIO));
    style.setProperty("--sheet-size", `${SPRITE_SHEET.columns * 100}% ${SPRITE_SHEET.rows * 100}%`);
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

  // --- inside Discord --------------------------------------------------------------------------------

  /** Discord's handshake and our server's session (../discord.ts, loaded only here): the session and
   * instance the socket says hello with, or null when the page cannot start (said in its status). */
  private async joinDiscord(lang: string | null): Promise<Hello | null> {
    document.body.dataset["surface"] = "activity";
    try {
      const { joinDiscord } = await import("../discord");
      const steps = { clientId: fetchClientId, token: exchangeCode, session: openSession };
      const instance = new URLSearchParams(window.location.search).get("instance_id");
      const joined = await joinDiscord(
        steps,
        (layout) => {
          document.body.dataset["layout"] = layout;
        },
        handedOver(instance),
      );
      useSession(joined.player.session, joined.instanceId);
      const player = element<HTMLElement>("#player");
      player.dataset["memberId"] = joined.player.member.id;
      element<HTMLElement>("#player-name").textContent = joined.player.member.name;
      player.hidden = false;
      return { session: joined.player.session, instance: joined.instanceId };
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
    if (message.type === "refused") {
      this.sentStep = null;
      this.refused(message.message !== "" ? message.message : message.error);
      return;
    }
    if (message.type === "hint") {
      if (this.frame !== null && message.step === this.frame.step) {
        this.hinted = message.tiles; // shown on the hand until the table moves on
        this.drawHand();
      }
      return;
    }
    if (this.frame !== null && message.version < this.frame.version) {
      return; // an older view than the one shown
    }
    this.show(message);
  }

  private connectionChanged(state: Connection): void {
    this.connection = state;
    this.table.dataset["connection"] = state;
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

  /** The status line: a refusal while it lasts, else the connection's trouble, else nothing. */
  private sayStatus(): void {
    let text = this.refusal;
    if (text === "" && this.frame === null && this.connection !== "stopped") {
      text = this.words.word("table.loading");
    }
    if (text === "" && this.connection === "reconnecting") {
      text = this.words.word("table.reconnecting");
    }
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

  // --- presses -------------------------------------------------------------------------------------

  private listen(): void {
    this.hand.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("#hand > button");
      if (button !== null) {
        this.pressTile(Number(button.dataset["index"]));
      }
    });
    this.hand.addEventListener("keydown", (event) => this.arrow(event));
    this.moves.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (button !== null) {
        this.pressMove(button);
      }
    });
    for (const toggle of this.standing.querySelectorAll<HTMLButtonElement>("button[data-standing]")) {
      toggle.addEventListener("click", () => {
        const choice = toggle.dataset["standing"] as Standing;
        if (STANDINGS.includes(choice)) {
          this.send({ type: "standing", choice });
        }
      });
    }
  }

  private discardable(): Set<string> {
    const found = new Set<string>();
    for (const action of this.frame?.actions ?? []) {
      if (action.action === "discard" && typeof action.tiles === "string") {
        found.add(action.tiles);
      }
    }
    return found;
  }

  /** A hand tile pressed: the first press picks it, a press on the picked one discards it. Outside the
   * viewer's turn to discard, a press does nothing. */
  private pressTile(index: number): void {
    const face = this.ownHand()[index];
    this.focusIndex = index;
    if (face === undefined || !this.discardable().has(face)) {
      return;
    }
    if (this.selected?.index === index) {
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

  private ownSeat(): Seat | undefined {
    const frame = this.frame;
    return frame === null || !isWind(frame.viewer) ? undefined : frame.seats.find((seat) => seat.wind === frame.viewer);
  }

  private ownHand(): readonly string[] {
    return this.ownSeat()?.hand ?? [];
  }

  private seatName(wind: string): string {
    const seat = this.frame?.seats.find((candidate) => candidate.wind === wind);
    const windName = isWind(wind) ? this.words.word(WIND_WORDS[wind]) : wind;
    return seat === undefined || seat.name === "" ? windName : `${seat.name} (${windName})`;
  }

  private show(frame: Frame): void {
    const before = this.frame;
    const focused = focusKey(document.activeElement);
    const active = document.activeElement;
    const focusWasOurs = active !== null && (this.hand.contains(active) || this.moves.contains(active));
    if (before === null || before.step !== frame.step) {
      this.sentStep = null;
      this.hinted = null;
    }
    this.frame = frame;
    const table = this.table;
    table.dataset["tableId"] = frame.table;
    table.dataset["version"] = String(frame.version);
    table.dataset["state"] = frame.state;
    table.dataset["rules"] = frame.rules;
    table.dataset["viewer"] = frame.viewer;
    this.keepSelection();
    this.drawFigures(frame);
    this.drawSeats(frame, before);
    this.drawCentre(frame, before);
    this.drawHand();
    this.drawMoves();
    this.drawStanding(frame);
    this.drawSummary(frame);
    this.drawDeadline();
    this.sayStatus();
    this.restoreFocus(focused, focusWasOurs);
    if (frame.state === "closed") {
      this.socket?.stop();
    }
  }

  /** The picked tile stays picked while it is still in the hand and may still be discarded. */
  private keepSelection(): void {
    const selected = this.selected;
    if (selected === null) {
      return;
    }
    const hand = this.ownHand();
    if (!this.discardable().has(selected.face)) {
      this.selected = null;
    } else if (hand[selected.index] !== selected.face) {
      const index = hand.indexOf(selected.face);
      this.selected = index < 0 ? null : { index, face: selected.face };
    }
  }

  private restoreFocus(key: string | null, wasOurs: boolean): void {
    if (key === null || !wasOurs || (document.activeElement !== null && document.activeElement !== document.body)) {
      return;
    }
    const candidates = [
      ...this.hand.querySelectorAll<HTMLElement>("button"),
      ...this.moves.querySelectorAll<HTMLElement>("button"),
    ];
    const same = candidates.find((candidate) => focusKey(candidate) === key);
    const fallback =
      this.moves.querySelector<HTMLElement>("button") ?? this.hand.querySelector<HTMLElement>('button[tabindex="0"]');
    (same ?? fallback)?.focus();
  }

  private drawFigures(frame: Frame): void {
    const rules = RULES_WORDS[frame.rules] ?? "table.rules.classic";
    element<HTMLElement>("#rules-name").textContent = this.words.word(rules);
    const round = element<HTMLElement>("#round-wind");
    round.textContent = isWind(frame.round_wind) ? this.words.word(WIND_WORDS[frame.round_wind]) : "–";
    round.dataset["wind"] = frame.round_wind ?? "";
    const handNumber = frame.hand_number ?? 0;
    element<HTMLElement>("#hand-number").textContent = handNumber > 0 ? String(handNumber) : "–";
    this.wall.dataset["remaining"] = String(frame.wall);
    this.wall.textContent = String(frame.wall);
    // the lobby has no wind, hand or wall yet
    for (const figure of ["#round-figure", "#hand-figure", "#wall-figure"]) {
      element<HTMLElement>(figure).hidden = frame.state === "lobby";
    }
    // a practice table's deal code: another table opened with it plays the same walls
    const deal = element<HTMLElement>("#deal-figure");
    deal.hidden = typeof frame.deal !== "string" || frame.deal === "";
    element<HTMLElement>("#deal").textContent = frame.deal ?? "";
    const minimum = frame.minimum_fan ?? 0;
    const fan = element<HTMLElement>("#minimum-fan-figure");
    fan.hidden = minimum <= 0;
    element<HTMLElement>("#minimum-fan").textContent = String(minimum);
  }

  /** A tile drawn from the sprite sheet: a `span` (a seat's tiles) named by its face. */
  private tile(face: string, extra = ""): HTMLSpanElement {
    const tile = make("span", extra === "" ? "tile" : `tile ${extra}`);
    this.paint(tile, face);
    tile.setAttribute("role", "img");
    tile.setAttribute("aria-label", this.words.tileName(face));
    return tile;
  }

  private paint(node: HTMLElement, face: string): void {
    node.dataset["face"] = face;
    if (SPRITE_CELLS[face] === undefined) {
      // a face the sprite sheet lacks (the joker): a plain tile with its sign
      node.dataset["plain"] = "true";
      return;
    }
    const sprite = spritePosition(face, this.words.lang);
    node.style.setProperty("--sprite-x", sprite.x);
    node.style.setProperty("--sprite-y", sprite.y);
  }

  private drawSeats(frame: Frame, before: Frame | null): void {
    const placed = positions(frame.seats, frame.viewer);
    const sameHand = before !== null && before.hand_number === frame.hand_number && before.state === frame.state;
    const seats = frame.seats.map((seat) => {
      const earlier = sameHand ? before.seats.find((candidate) => candidate.wind === seat.wind) : undefined;
      return this.seatElement(frame, seat, placed.get(seat.wind) ?? "top", earlier);
    });
    this.seatsArea.dataset["players"] = String(frame.seats.length);
    this.seatsArea.replaceChildren(...seats);
  }

  private seatElement(frame: Frame, seat: Seat, position: string, earlier: Seat | undefined): HTMLElement {
    const box = make("section", "seat");
    const data = box.dataset;
    data["seat"] = seat.wind;
    data["position"] = position;
    data["name"] = seat.name;
    data["kind"] = seat.kind;
    data["score"] = String(seat.score);
    data["concealed"] = String(seat.concealed);
    if (frame.turn === seat.wind && frame.state === "playing") {
      data["turn"] = "true";
    }
    if (frame.awaited.includes(seat.wind)) {
      data["awaited"] = "true";
    }
    const own = frame.viewer === seat.wind;
    if (own) {
      data["own"] = "true";
    }
    box.setAttribute("aria-label", this.seatName(seat.wind));
    box.append(this.seatCard(frame, seat, own));
    if (frame.state !== "lobby") {
      box.append(this.seatTiles(seat, earlier), this.discards(seat, earlier));
      // Once the hand is over every hand is shown; the viewer's own is in #hand.
      if (!own && seat.hand !== undefined && seat.hand !== null && seat.hand.length > 0) {
        const revealed = make("div", "row revealed");
        revealed.dataset["hand"] = "";
        revealed.dataset["tiles"] = seat.hand.join("");
        revealed.setAttribute("aria-label", this.words.word("table.seat.hand"));
        revealed.setAttribute("role", "group");
        revealed.append(...seat.hand.map((face) => this.tile(face)));
        box.append(revealed);
      }
    }
    return box;
  }

  private seatCard(frame: Frame, seat: Seat, own: boolean): HTMLElement {
    const card = make("header", "card");
    const wind = make("span", "wind", isWind(seat.wind) ? this.words.word(WIND_WORDS[seat.wind]) : seat.wind);
    const name = make("span", "name", seat.kind === "empty" ? this.words.word("table.kind.empty") : seat.name);
    card.append(wind, name);
    const badges: string[] = [];
    if (own) {
      badges.push(this.words.word("table.badge.you"));
    }
    if (seat.kind === "computer") {
      badges.push(this.words.word("table.kind.computer"));
    }
    if (frame.host === seat.wind && frame.state === "lobby") {
      badges.push(this.words.word("table.badge.host"));
    }
    if (seat.away === true) {
      badges.push(this.words.word("table.badge.away"));
    }
    if (seat.calling === true) {
      badges.push(this.words.word("table.badge.calling"));
    }
    if (badges.length > 0) {
      card.append(make("span", "badges", badges.join(" · ")));
    }
    if (frame.state !== "lobby") {
      card.append(make("span", "score", this.words.number(seat.score)));
      const concealed = make("span", "concealed", String(seat.concealed));
      concealed.title = this.words.word("table.seat.concealed");
      concealed.setAttribute("aria-label", `${this.words.word("table.seat.concealed")}: ${seat.concealed}`);
      card.append(concealed);
    }
    return card;
  }

  /** The seat's sets and bonus tiles, a new set (claimed, or a kong declared) lit up briefly. */
  private seatTiles(seat: Seat, earlier: Seat | undefined): HTMLElement {
    const row = make("div", "row sets");
    row.setAttribute("aria-label", this.words.word("table.seat.melds"));
    row.setAttribute("role", "group");
    seat.melds.forEach((meld, index) => {
      const before = earlier?.melds[index];
      const changed = before === undefined || before.tiles !== meld.tiles || before.kind !== meld.kind;
      const fresh = earlier !== undefined && changed;
      const set = make("span", fresh ? "meld fresh" : "meld");
      set.dataset["meld"] = "";
      set.dataset["kind"] = meld.kind;
      set.dataset["tiles"] = meld.tiles;
      const tiles = faces(meld.tiles);
      set.append(
        ...tiles.map((face, at) =>
          this.tile(face, meld.kind === "concealed-kong" && (at === 0 || at === tiles.length - 1) ? "down" : ""),
        ),
      );
      row.append(set);
    });
    const bonus = make("span", "bonus");
    bonus.dataset["bonus"] = "";
    bonus.dataset["tiles"] = seat.bonus.join("");
    bonus.setAttribute("aria-label", this.words.word("table.seat.bonus"));
    bonus.append(...seat.bonus.map((face) => this.tile(face)));
    row.append(bonus);
    return row;
  }

  private discards(seat: Seat, earlier: Seat | undefined): HTMLElement {
    const row = make("div", "row discards");
    row.dataset["discards"] = "";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", this.words.word("table.seat.discards"));
    const count = earlier?.discards.length ?? seat.discards.length;
    row.append(...seat.discards.map((face, index) => this.tile(face, index >= count ? "fresh" : "")));
    return row;
  }

  /** The middle of the table: whose turn it is, the discard on offer, who the table waits for. */
  private drawCentre(frame: Frame, before: Frame | null): void {
    const turn = frame.state === "playing" && isWind(frame.turn) ? frame.turn : null;
    this.turnLine.dataset["wind"] = turn ?? "";
    let line = "";
    if (frame.state === "lobby") {
      const full = frame.seats.every((seat) => seat.kind !== "empty");
      line = this.words.word(full ? "table.lobby_ready" : "table.lobby");
    } else if (frame.state === "closed") {
      line = this.words.word("table.closed");
    } else if (frame.state === "hand-over") {
      line = this.words.word("table.hand_over");
    } else if (frame.state === "match-over") {
      line = this.words.word("table.match_over");
    } else if (turn !== null) {
      line = this.words.filled("table.turn", this.seatName(turn));
    }
    this.turnLine.textContent = line;
    const discard = frame.discard;
    if (discard === null) {
      this.offer.replaceChildren();
      delete this.offer.dataset["tile"];
      delete this.offer.dataset["seat"];
    } else {
      const fresh =
        before === null || before.discard?.tile !== discard.tile || before.discard.seat !== discard.seat;
      this.offer.dataset["tile"] = discard.tile;
      this.offer.dataset["seat"] = discard.seat;
      this.offer.replaceChildren(
        this.tile(discard.tile, fresh ? "large fresh" : "large"),
        make("span", "by", this.words.filled("table.discarded_by", this.seatName(discard.seat))),
      );
    }
    const waiting = element<HTMLElement>("#waiting");
    const awaited = frame.state === "playing" ? frame.awaited.filter((wind) => wind !== frame.viewer) : [];
    const waitingFor = awaited.map((wind) => this.seatName(wind)).join(", ");
    waiting.textContent = awaited.length > 0 ? this.words.filled("table.waiting", waitingFor) : "";
    // what the viewer is asked for: said once when it changes (the prompt is a live region)
    let prompt = "";
    const names = new Set(frame.actions.map((action) => action.action));
    if (names.has("discard")) {
      prompt = this.words.word("table.your_turn");
    } else if (names.has("pass")) {
      prompt = this.words.word("table.your_claim");
    } else if (frame.viewer === "spectator" && frame.state !== "lobby") {
      prompt = this.words.word("table.spectator");
    }
    if (this.prompt.textContent !== prompt) {
      this.prompt.textContent = prompt;
    }
  }

  private drawHand(): void {
    const hand = this.ownHand();
    const seat = this.ownSeat();
    const drawn = seat?.drawn === true;
    const discardable = this.discardable();
    const active = document.activeElement;
    const focusedIndex =
      active instanceof HTMLElement && active.parentElement === this.hand ? Number(active.dataset["index"]) : null;
    let hintShown = false;
    const buttons = hand.map((face, index) => {
      const button = make("button", "tile");
      button.type = "button";
      button.dataset["index"] = String(index);
      this.paint(button, face);
      button.setAttribute("aria-label", this.words.tileName(face));
      button.setAttribute("aria-pressed", String(this.selected?.index === index));
      if (drawn && index === hand.length - 1) {
        button.dataset["drawn"] = "true";
      }
      if (discardable.size > 0 && !discardable.has(face)) {
        button.dataset["idle"] = "true";
      }
      if (!hintShown && this.hinted === face) {
        hintShown = true;
        button.dataset["hinted"] = "true";
      }
      return button;
    });
    this.hand.replaceChildren(...buttons);
    this.hand.hidden = buttons.length === 0;
    this.focusIndex = Math.min(Math.max(0, this.focusIndex), Math.max(0, buttons.length - 1));
    this.rovingTabStop();
    if (focusedIndex !== null) {
      buttons[Math.min(focusedIndex, buttons.length - 1)]?.focus();
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
    const buttons: HTMLButtonElement[] = [];
    if (frame !== null) {
      let discardShown = false;
      const actions = frame.actions
        .filter((action) => isMove(action.action))
        .map((action, index) => ({ action, index }))
        .sort(
          (a, b) =>
            MOVE_ORDER.indexOf(a.action.action as MoveName) - MOVE_ORDER.indexOf(b.action.action as MoveName) ||
            a.index - b.index,
        );
      for (const { action } of actions) {
        const name = action.action as MoveName;
        if (name === "discard") {
          // one button for the whole turn: it discards the picked tile
          if (!discardShown) {
            discardShown = true;
            buttons.push(this.discardButton());
          }
          continue;
        }
        buttons.push(this.moveButton(name, action));
      }
    }
    this.moves.replaceChildren(...buttons);
    this.moves.hidden = buttons.length === 0;
  }

  private discardButton(): HTMLButtonElement {
    const button = make("button", "move", this.words.word("table.action.discard"));
    button.type = "button";
    button.dataset["action"] = "discard";
    if (this.selected === null) {
      button.setAttribute("aria-disabled", "true");
    } else {
      button.dataset["tiles"] = this.selected.face;
      button.append(this.tile(this.selected.face, "mini"));
      const name = this.words.tileName(this.selected.face);
      button.setAttribute("aria-label", `${this.words.word("table.action.discard")} ${name}`);
    }
    return button;
  }

  private moveButton(name: MoveName, action: Action): HTMLButtonElement {
    const word = this.words.word(MOVE_WORDS[name]);
    const chair = typeof action.seat === "string" ? action.seat : "";
    const label = name === "first" ? this.words.filled("table.action.first", this.seatName(chair)) : word;
    const button = make("button", "move", label);
    button.type = "button";
    button.dataset["action"] = name;
    if (name === "first") {
      button.dataset["chair"] = chair;
    }
    const tiles = typeof action.tiles === "string" ? action.tiles : "";
    if (tiles !== "") {
      button.dataset["tiles"] = tiles;
      const shown = faces(tiles);
      const drawn = make("span", "mini-tiles");
      drawn.setAttribute("aria-hidden", "true");
      drawn.append(...shown.map((face) => this.tile(face, "mini")));
      button.append(drawn);
      button.setAttribute("aria-label", `${label} ${shown.map((face) => this.words.tileName(face)).join(", ")}`);
    }
    if (name === "mahjong") {
      button.dataset["strong"] = "true";
    }
    return button;
  }

  private drawStanding(frame: Frame): void {
    const standing = frame.standing ?? null;
    this.standing.hidden = standing === null;
    for (const toggle of this.standing.querySelectorAll<HTMLButtonElement>("button[data-standing]")) {
      const choice = toggle.dataset["standing"] as Standing;
      toggle.setAttribute("aria-pressed", String(standing?.[choice] === true));
    }
  }

  // --- the deadline --------------------------------------------------------------------------------

  private drawDeadline(): void {
    const deadline = this.frame?.deadline ?? null;
    let shown = document.getElementById("deadline");
    if (deadline === null || this.frame?.state === "closed") {
      shown?.remove();
      this.deadlineFigure.hidden = true;
      return;
    }
    if (shown === null) {
      shown = make("dd");
      shown.id = "deadline";
      this.deadlineFigure.append(shown);
    }
    this.deadlineFigure.hidden = false;
    const seconds = secondsLeft(deadline, Date.now());
    if (shown.dataset["seconds"] !== String(seconds)) {
      shown.dataset["seconds"] = String(seconds);
      shown.textContent = clockText(seconds);
      shown.classList.toggle("short", seconds <= 10);
    }
  }

  // --- the end of a hand and of the match ----------------------------------------------------------

  private drawSummary(frame: Frame): void {
    // a live region: drawn again only when what it says changes
    const scores = frame.seats.map((seat) => [seat.name, seat.score]);
    const key = JSON.stringify([this.words.lang, frame.state, frame.rules, frame.result, scores]);
    if (key === this.summaryKey) {
      return;
    }
    this.summaryKey = key;
    const parts: HTMLElement[] = [];
    if (frame.result !== null && frame.result !== undefined) {
      parts.push(this.resultElement(frame, frame.result));
    }
    if (frame.state === "match-over") {
      parts.push(this.matchEnd(frame));
    }
    this.summary.replaceChildren(...parts);
    this.summary.hidden = parts.length === 0;
  }

  private resultElement(frame: Frame, result: Result): HTMLElement {
    const box = make("div", "result");
    box.id = "result";
    box.dataset["winner"] = result.winner ?? "";
    box.dataset["score"] = String(result.score);
    box.dataset["selfDrawn"] = String(result.self_drawn);
    const title = make("h2");
    title.id = "result-title";
    if (result.winner === null) {
      title.textContent = this.words.word("table.result.drawn");
      box.append(title);
    } else {
      title.textContent = this.words.filled("table.result.wins", this.seatName(result.winner));
      const discarder = result.discarder ?? null;
      const how = make(
        "p",
        "how",
        result.self_drawn
          ? this.words.word("table.result.self_drawn")
          : discarder !== null
            ? this.words.filled("table.result.dealt_in", this.seatName(discarder))
            : this.words.word("table.result.on_discard"),
      );
      box.append(title, how);
      if (result.winning_tile !== null) {
        const winning = make("p", "winning");
        const label = make("span", "label", this.words.word("table.result.winning_tile"));
        winning.append(label, this.tile(result.winning_tile));
        box.append(winning);
      }
      if (frame.rules !== "family") {
        const scoreWord: WordKey = frame.rules === "hongkong" ? "table.result.fan" : "table.result.score";
        const score = make("p", "score");
        score.append(
          make("span", "label", this.words.word(scoreWord)),
          make("strong", "", this.words.number(result.score)),
        );
        box.append(score);
      }
    }
    if (result.patterns.length > 0) {
      const list = make("ul", "patterns");
      // a pattern scored several times (three concealed chows) is one line: "Concealed chow × 3"
      const counted = new Map<string, number>();
      for (const pattern of result.patterns) {
        counted.set(pattern, (counted.get(pattern) ?? 0) + 1);
      }
      list.append(
        ...[...counted].map(([pattern, count]) => {
          const name = result.names?.[pattern] ?? pattern;
          const item = make("li", "", count > 1 ? `${name} × ${count}` : name);
          item.dataset["pattern"] = pattern;
          item.dataset["count"] = String(count);
          return item;
        }),
      );
      box.append(make("h3", "", this.words.word("table.result.patterns")), list);
    }
    const payments = Object.entries(result.payments).filter(
      (entry): entry is [string, number] => typeof entry[1] === "number",
    );
    if (payments.length > 0) {
      const order = frame.seats.map((seat) => seat.wind as string);
      payments.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
      const list = make("ul", "payments");
      list.append(
        ...payments.map(([wind, amount]) => {
          const item = make("li");
          item.dataset["wind"] = wind;
          item.dataset["amount"] = String(amount);
          item.append(make("span", "name", this.seatName(wind)), make("span", "amount", this.signed(amount)));
          return item;
        }),
      );
      box.append(make("h3", "", this.words.word("table.result.payments")), list);
    }
    if (result.wall_seed !== undefined && result.wall_seed !== null) {
      box.append(make("p", "seed", `${this.words.word("table.result.seed")}: ${String(result.wall_seed)}`));
    }
    return box;
  }

  private signed(amount: number): string {
    const sign = amount > 0 ? "+" : amount < 0 ? "−" : "";
    const whole = Math.trunc(Math.abs(amount));
    const rest = Math.abs(amount) - whole;
    const fraction = rest > 0 ? (Math.round(rest * 100) / 100).toString().slice(1) : "";
    return `${sign}${this.words.number(whole)}${fraction}`;
  }

  private matchEnd(frame: Frame): HTMLElement {
    const box = make("div", "match-end");
    box.id = "match-end";
    box.append(
      make("h2", "", this.words.word("table.match_over")),
      make("h3", "", this.words.word("table.match.standings")),
    );
    const list = make("ol");
    const ranked = [...frame.seats].filter((seat) => seat.kind !== "empty").sort((a, b) => b.score - a.score);
    list.append(
      ...ranked.map((seat) => {
        const item = make("li");
        item.dataset["wind"] = seat.wind;
        item.dataset["score"] = String(seat.score);
        item.append(
          make("span", "name", this.seatName(seat.wind)),
          make("span", "amount", this.words.number(seat.score)),
        );
        return item;
      }),
    );
    box.append(list);
    if (!this.activity) {
      // standalone, the same table again: its rules, as many computers (in the Activity, Discord's thread is the table)
      const computers = frame.seats.filter((seat) => seat.kind === "computer").length;
      const again = make("a", "new-match", this.words.word("table.new_match"));
      again.id = "new-match";
      again.href = `/table/new?rules=${encodeURIComponent(frame.rules)}&computers=${computers}`;
      box.append(again);
    }
    return box;
  }

  private applyWords(): void {
    document.documentElement.lang = this.words.lang.replace("_", "-");
    document.title = this.words.word("table.title");
    this.table.setAttribute("aria-label", this.words.word("table.board"));
    this.hand.setAttribute("aria-label", this.words.word("table.hand"));
    this.moves.setAttribute("aria-label", this.words.word("table.moves"));
    this.standing.setAttribute("aria-label", this.words.word("table.standing"));
    for (const node of document.querySelectorAll<HTMLElement>("[data-word]")) {
      node.textContent = this.words.word(node.dataset["word"] as WordKey);
    }
    for (const toggle of this.standing.querySelectorAll<HTMLButtonElement>("button[data-standing]")) {
      const key = STANDING_WORDS[toggle.dataset["standing"] as Standing] as WordKey | undefined;
      if (key !== undefined) {
        toggle.textContent = this.words.word(key);
      }
    }
    if (this.frame !== null) {
      this.show(this.frame);
    }
  }
}

const params = new URLSearchParams(window.location.search);
void new TablePage(tableIdOf(window.location.pathname), params.has("frame_id")).start(params.get("lang"));

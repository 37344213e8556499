// The solitaire page (SPEC §6): draws the server's game, sends every pick to it, and shows a change only
// once the server made it. The element contract (ids, data- attributes, aria) is SPEC §6's table.
import {
  ApiError,
  type Control,
  exchangeCode,
  fetchClientId,
  fetchGame,
  fetchLeaderboard,
  fetchWords,
  type GameJson,
  handOver,
  type Leaderboard,
  type Mode,
  OVER_STATES,
  openSession,
  saveName,
  sendControl,
  sendPair,
  startNew,
  type TileJson,
  useSession,
} from "./api";
import { directionOf, nearest, nearestInDirection } from "./keyboard";
import { BOARD_HEIGHT, BOARD_WIDTH, FACE_RATIO, LEVEL_LIFT, facePlace, faceWidthToFit, facesMatch, spritePosition } from "./layout";
import { Clock } from "./solitaire/clock";
import { leaderboardRows } from "./solitaire/leaderboard";
import { placement, stateMessage } from "./solitaire/summary";
import { SPRITE_SHEET } from "./sprites";
import { clockText, Dictionary, type WordKey } from "./words";

// The first press on Finish arms it this long; the second within it finishes the game.
const FINISH_CONFIRM_MS = 5000;
// The local clock redraws this often between the server's answers (a second changes within a quarter).
const CLOCK_REDRAW_MS = 250;
// Set once a game of this browser has ended: the pseudonym form is offered from then on (SPEC §6).
const PLAYED_KEY = "mj_played";
// Discord's own parameters of an Activity's URL (kept when the page moves between its modes there).
const DISCORD_PARAMS = [
  "frame_id",
  "instance_id",
  "platform",
  "guild_id",
  "channel_id",
  "location_id",
  "custom_id",
  "referrer_id",
  "mobile_app_version",
];

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) {
    throw new Error(`the page shell lacks ${selector}`);
  }
  return found;
}

function requestedMode(params: URLSearchParams): { mode: Mode; seed: number | null } {
  const mode: Mode = params.get("mode") === "free" ? "free" : "daily";
  const seed = Number.parseInt(params.get("seed") ?? "", 10);
  return { mode, seed: mode === "free" && Number.isSafeInteger(seed) && seed >= 0 ? seed : null };
}

class SolitairePage {
  private readonly board = element<HTMLDivElement>("#board");
  private readonly boardArea = element<HTMLDivElement>("#board-area");
  private readonly status = element<HTMLParagraphElement>("#status");
  private readonly score = element<HTMLElement>("#score");
  private readonly clockFigure = element<HTMLElement>("#clock");
  private readonly pairs = element<HTMLElement>("#pairs");
  private readonly seedFigure = element<HTMLElement>("#seed");
  private readonly leaderboard = element<HTMLElement>("#leaderboard");
  private readonly nameForm = element<HTMLFormElement>("#name-form");
  private readonly pseudonym = element<HTMLInputElement>("#pseudonym");
  private readonly nameStatus = element<HTMLElement>("#name-status");
  private readonly summary = element<HTMLElement>("#summary");
  private readonly tiles = new Map<number, HTMLButtonElement>();
  private readonly clock = new Clock();
  private words = new Dictionary({ lang: "en", words: {}, tiles: {} });
  private game: GameJson | null = null;
  private selected: number | null = null;
  private hinted: ReadonlySet<number> = new Set();
  private focusedId: number | null = null;
  private finishTimer: number | null = null;
  // A pause the page sent because it was hidden or shrunk to Discord's small window, undone when it is
  // back in full view (not a pause the player chose).
  private pausedWhileAway = false;
  private inPictureInPicture = false;
  // Every exchange with the server in order: a move carries the step of the answer before it.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly mode: Mode,
    private readonly seed: number | null,
    // Inside Discord (the URL has its frame_id): the player is the Discord member, no pseudonym.
    private readonly activity: boolean,
  ) {}

  async start(lang: string | null): Promise<void> {
    this.board.dataset["mode"] = this.mode;
    this.board.style.setProperty("--cell-width", String(SPRITE_SHEET.cellWidth / SPRITE_SHEET.faceWidth));
    this.board.style.setProperty("--cell-height", String(SPRITE_SHEET.cellHeight / SPRITE_SHEET.faceWidth));
    this.board.style.setProperty("--face-ratio", String(FACE_RATIO));
    this.board.style.setProperty("--lift", String(LEVEL_LIFT));
    this.board.style.setProperty("--sheet-size", `${SPRITE_SHEET.columns * 100}% ${SPRITE_SHEET.rows * 100}%`);
    new ResizeObserver(() => this.fit()).observe(this.boardArea);
    this.fit();
    this.listen();
    this.serially(async () => {
      // In the Activity every call carries the member's session: the words too wait for it.
      if (this.activity && !(await this.joinDiscord(lang))) {
        return;
      }
      const [words, game] = await Promise.all([fetchWords(lang), fetchGame(this.mode, this.seed)]);
      this.words = new Dictionary(words);
      this.applyWords();
      this.show(game);
      // after the words: an empty board says so in the page's language
      void this.refreshLeaderboard();
    });
    window.setInterval(() => this.drawFigures(), CLOCK_REDRAW_MS);
  }

  // --- inside Discord --------------------------------------------------------------------------------

  /** Discord's handshake and our server's session (discord.ts, loaded only here); false when the
   * page cannot start (said in its status, the board left loading). */
  private async joinDiscord(lang: string | null): Promise<boolean> {
    document.body.dataset["surface"] = "activity";
    this.keepDiscordParams();
    try {
      const { joinDiscord } = await import("./discord");
      const joined = await joinDiscord({ clientId: fetchClientId, token: exchangeCode, session: openSession }, (layout) =>
        this.layoutChanged(layout === "pip"),
      );
      const table = joined.player.table;
      if (typeof table === "string" && table !== "") {
        // launched in a table's thread: the Activity is that table (Discord's parameters kept)
        handOver(joined.player, joined.instanceId);
        window.location.replace(`/table/${encodeURIComponent(table)}${window.location.search}`);
        return false;
      }
      useSession(joined.player.session, joined.instanceId);
      const player = element<HTMLElement>("#player");
      player.dataset["memberId"] = joined.player.member.id;
      element<HTMLElement>("#player-name").textContent = joined.player.member.name;
      player.hidden = false;
      return true;
    } catch (error) {
      // The words without a session, only to say why the game cannot start.
      this.words = new Dictionary(await fetchWords(lang).catch(() => ({ lang: "en", words: {}, tiles: {} })));
      this.applyWords();
      this.say(error instanceof ApiError && error.message !== "" ? error.message : this.words.word("activity.failed"));
      return false;
    }
  }

  // A mode link inside Discord keeps Discord's parameters, or the page would load as standalone there.
  private keepDiscordParams(): void {
    const current = new URLSearchParams(window.location.search);
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-mode-link]")) {
      const target = new URLSearchParams({ mode: link.dataset["modeLink"] ?? "daily" });
      for (const name of [...DISCORD_PARAMS, "lang"]) {
        const value = current.get(name);
        if (value !== null) {
          target.set(name, value);
        }
      }
      link.href = `?${target.toString()}`;
    }
    // a table of the page's own is the standalone page's: in Discord, the Activity opens a thread's table
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-table-link]")) {
      link.hidden = true;
    }
  }

  private listen(): void {
    this.board.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-tile-id]");
      if (button !== null) {
        this.press(Number(button.dataset["tileId"]));
      }
    });
    this.board.addEventListener("keydown", (event) => this.arrow(event));
    this.board.addEventListener("animationend", (event) => (event.target as HTMLElement).classList.remove("shake"));
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
      const action = button.dataset["action"];
      if (action !== "save-name") {
        button.addEventListener("click", () => this.control(action ?? ""));
      }
    }
    this.nameForm.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.saveName();
    });
    document.addEventListener("visibilitychange", () => this.awayChanged());
  }

  private fit(): void {
    const width = faceWidthToFit(this.boardArea.clientWidth, this.boardArea.clientHeight);
    this.board.style.setProperty("--fw", `${width}px`);
    this.board.style.width = `${BOARD_WIDTH * width}px`;
    this.board.style.height = `${BOARD_HEIGHT * width}px`;
  }

  private serially(exchange: () => Promise<void>): void {
    this.queue = this.queue.then(exchange).catch((error: unknown) => this.refused(error));
  }

  private refused(error: unknown): void {
    if (error instanceof ApiError && error.game !== null) {
      this.show(error.game);
    }
    this.say(error instanceof ApiError && error.message !== "" ? error.message : this.words.word("error.network"));
  }

  private say(message: string): void {
    this.status.textContent = message;
  }

  // --- presses -------------------------------------------------------------------------------------

  private press(id: number): void {
    this.disarmFinish();
    this.serially(async () => {
      const game = this.game;
      const tile = game?.tiles.find((candidate) => candidate.id === id);
      if (game === null || game.state !== "playing" || tile === undefined) {
        return;
      }
      this.focusedId = id;
      if (!tile.free) {
        this.shake(id);
        return;
      }
      const first = game.tiles.find((candidate) => candidate.id === this.selected);
      if (first === undefined || first.id === id || !facesMatch(first.face, tile.face)) {
        this.selected = first?.id === id ? null : id;
        this.drawTiles();
        return;
      }
      this.show(await sendPair(game, [first.id, id]));
    });
  }

  private shake(id: number): void {
    const button = this.tiles.get(id);
    if (button !== undefined) {
      button.classList.remove("shake");
      // Restart the animation on a press during the last one.
      void button.offsetWidth;
      button.classList.add("shake");
    }
  }

  private arrow(event: KeyboardEvent): void {
    const direction = directionOf(event.key);
    const game = this.game;
    const focused = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-tile-id]");
    const current = game?.tiles.find((tile) => String(tile.id) === focused?.dataset["tileId"]);
    if (direction === null || game === null) {
      return;
    }
    event.preventDefault();
    const free = game.tiles.filter((tile) => tile.free);
    const next = current === undefined ? free[0] : nearestInDirection(current, free, direction);
    if (next !== undefined && next !== null) {
      this.focus(next.id);
    }
  }

  private focus(id: number): void {
    this.focusedId = id;
    this.rovingTabStop();
    this.tiles.get(id)?.focus();
  }

  // --- controls ------------------------------------------------------------------------------------

  private control(action: string): void {
    if (action === "finish" && this.finishTimer === null) {
      this.armFinish();
      return;
    }
    this.disarmFinish();
    if (action === "new") {
      this.serially(async () => {
        this.selected = null;
        this.show(await startNew(this.mode));
      });
    } else if (action === "undo" || action === "pause" || action === "resume" || action === "finish" || action === "hint") {
      this.sendControl(action);
    }
  }

  private sendControl(move: Control): void {
    this.serially(async () => {
      if (this.game !== null) {
        this.show(await sendControl(this.game, move));
      }
    });
  }

  private armFinish(): void {
    const button = element<HTMLButtonElement>('button[data-action="finish"]');
    button.dataset["confirm"] = "true";
    button.textContent = this.words.word("action.finish_confirm");
    this.finishTimer = window.setTimeout(() => this.disarmFinish(), FINISH_CONFIRM_MS);
  }

  private disarmFinish(): void {
    if (this.finishTimer === null) {
      return;
    }
    window.clearTimeout(this.finishTimer);
    this.finishTimer = null;
    const button = element<HTMLButtonElement>('button[data-action="finish"]');
    delete button.dataset["confirm"];
    button.textContent = this.words.word("action.finish");
  }

  /** Discord shrank the Activity to its small window (``pip``) or gave it back its view: the small
   * window shows the board alone, and the clock stops there as on a hidden page (the board cannot be
   * played at that size, and a member who left it there is reading or talking elsewhere). */
  private layoutChanged(pip: boolean): void {
    this.inPictureInPicture = pip;
    document.body.dataset["layout"] = pip ? "pip" : "focused";
    this.awayChanged();
  }

  private away(): boolean {
    return document.visibilityState === "hidden" || this.inPictureInPicture;
  }

  private awayChanged(): void {
    const state = this.game?.state;
    if (this.away()) {
      if (state === "playing") {
        this.clock.freeze();
        this.pausedWhileAway = true;
        this.sendControl("pause");
      }
    } else if (this.pausedWhileAway) {
      this.pausedWhileAway = false;
      this.sendControl("resume");
    }
  }

  // --- drawing -------------------------------------------------------------------------------------

  private show(game: GameJson): void {
    const wasOver = this.game !== null && OVER_STATES.has(this.game.state);
    const focusedBefore = this.game?.tiles.find((tile) => tile.id === this.focusedId);
    this.game = game;
    const present = new Map(game.tiles.map((tile) => [tile.id, tile]));
    const selected = this.selected === null ? undefined : present.get(this.selected);
    if (selected === undefined || !selected.free || game.state !== "playing") {
      this.selected = null;
    }
    this.hinted = new Set(game.hint ?? []);
    const playing = game.state === "playing" && !this.away();
    this.clock.set(game.seconds, game.score, playing);
    this.board.dataset["state"] = game.state;
    this.board.dataset["seed"] = String(game.seed);
    // a daily is known by its day (its seed is a long number derived from it), a free deal by its seed
    this.seedFigure.textContent = game.day ?? String(game.seed);
    if (focusedBefore !== undefined && !present.has(focusedBefore.id)) {
      this.focusedId = nearest(focusedBefore, game.tiles.filter((tile) => tile.free))?.id ?? null;
    }
    this.drawTiles();
    this.drawFigures();
    this.drawControls();
    const over = OVER_STATES.has(game.state);
    // An ended game is said by its summary; the status line says the rest (paused, and errors).
    this.say(over ? "" : stateMessage(game, this.words));
    this.drawSummary(over ? game : null);
    if (over && !wasOver) {
      if (!this.activity) {
        window.localStorage.setItem(PLAYED_KEY, "1");
        this.nameForm.hidden = false;
      }
      void this.refreshLeaderboard();
    }
  }

  /** The end of a game: how it ended, the server's final figures, and where the score placed on its
   * board; hidden (null) while the game goes on. */
  private drawSummary(game: GameJson | null): void {
    this.summary.hidden = game === null;
    if (game === null) {
      delete this.summary.dataset["state"];
      return;
    }
    this.summary.dataset["state"] = game.state;
    element<HTMLElement>("#summary-title").textContent = stateMessage(game, this.words);
    const figures: [string, string, string][] = [
      ["score", String(game.score), this.words.number(game.score)],
      ["seconds", String(game.seconds), clockText(game.seconds)],
      ["pairs", String(game.pairs), String(game.pairs)],
    ];
    for (const [figure, value, text] of figures) {
      const shown = element<HTMLElement>(`#summary [data-summary="${figure}"]`);
      shown.dataset["value"] = value;
      shown.textContent = text;
    }
    const placed = element<HTMLElement>("#summary-placed");
    // A server older than the summary says nothing of the board: the leaderboard beside says it.
    placed.hidden = game.placed === undefined;
    placed.textContent = game.placed === undefined ? "" : placement(game.placed, this.words);
    if (game.placed === undefined) {
      delete placed.dataset["board"];
      delete placed.dataset["rank"];
    } else {
      placed.dataset["board"] = game.placed.board;
      placed.dataset["rank"] = game.placed.rank === null ? "" : String(game.placed.rank);
    }
  }

  private drawTiles(): void {
    const game = this.game;
    if (game === null) {
      return;
    }
    const present = new Set(game.tiles.map((tile) => tile.id));
    let focusLost = false;
    for (const [id, button] of this.tiles) {
      if (!present.has(id)) {
        focusLost ||= document.activeElement === button;
        button.remove();
        this.tiles.delete(id);
      }
    }
    for (const tile of game.tiles) {
      const button = this.tiles.get(tile.id) ?? this.newTile(tile);
      this.drawFace(button, tile.face);
      button.dataset["free"] = String(tile.free);
      button.setAttribute("aria-pressed", String(tile.id === this.selected));
      button.classList.toggle("hinted", this.hinted.has(tile.id));
    }
    if (this.focusedId !== null && !present.has(this.focusedId)) {
      this.focusedId = game.tiles.find((tile) => tile.free)?.id ?? null;
    }
    this.rovingTabStop();
    if (focusLost && this.focusedId !== null) {
      this.tiles.get(this.focusedId)?.focus();
    }
  }

  private newTile(tile: TileJson): HTMLButtonElement {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile";
    button.dataset["tileId"] = String(tile.id);
    button.dataset["level"] = String(tile.z);
    const place = facePlace(tile);
    button.style.setProperty("--left", String(place.left));
    button.style.setProperty("--top", String(place.top));
    // Ids follow the (z, y, x) order, which is the order of painting (render/pyramid.py).
    button.style.zIndex = String(tile.id + 1);
    const following = [...this.tiles.keys()].filter((id) => id > tile.id).sort((a, b) => a - b)[0];
    this.board.insertBefore(button, following === undefined ? null : (this.tiles.get(following) ?? null));
    this.tiles.set(tile.id, button);
    return button;
  }

  /** The tile's face as the server shows it now: a face comes when higher tiles leave it in view (or
   * the game resumes) and goes when an undo covers it again (or the game pauses). Without one the
   * tile is drawn face down (app.css) and named only as a covered tile. */
  private drawFace(button: HTMLButtonElement, face: string | null): void {
    if (face === null) {
      delete button.dataset["face"];
      button.style.removeProperty("--sprite-x");
      button.style.removeProperty("--sprite-y");
      button.setAttribute("aria-label", this.words.word("tile.covered"));
      return;
    }
    button.dataset["face"] = face;
    const sprite = spritePosition(face, this.words.lang);
    button.style.setProperty("--sprite-x", sprite.x);
    button.style.setProperty("--sprite-y", sprite.y);
    button.setAttribute("aria-label", this.words.tileName(face));
  }

  // One tile is the board's tab stop; the arrow keys move between the free ones.
  private rovingTabStop(): void {
    const stop = this.focusedId ?? this.game?.tiles.find((tile) => tile.free)?.id ?? null;
    for (const [id, button] of this.tiles) {
      button.tabIndex = id === stop ? 0 : -1;
    }
  }

  private drawFigures(): void {
    const game = this.game;
    if (game === null) {
      return;
    }
    const seconds = this.clock.shownSeconds();
    const score = this.clock.shownScore();
    if (this.clockFigure.dataset["seconds"] !== String(seconds)) {
      this.clockFigure.dataset["seconds"] = String(seconds);
      this.clockFigure.textContent = clockText(seconds);
    }
    if (this.score.dataset["score"] !== String(score)) {
      this.score.dataset["score"] = String(score);
      this.score.textContent = this.words.number(score);
    }
    this.pairs.dataset["pairs"] = String(game.pairs);
    this.pairs.textContent = String(game.pairs);
  }

  private drawControls(): void {
    const game = this.game;
    if (game === null) {
      return;
    }
    const over = OVER_STATES.has(game.state);
    const shown: Record<string, boolean> = {
      undo: game.state === "playing",
      pause: game.state === "playing",
      resume: game.state === "paused",
      finish: !over,
      hint: game.mode === "free" && game.state === "playing",
      new: game.mode === "free" || over,
    };
    for (const button of document.querySelectorAll<HTMLButtonElement>(".controls button[data-action]")) {
      button.hidden = !(shown[button.dataset["action"] ?? ""] ?? false);
    }
    element<HTMLButtonElement>('button[data-action="undo"]').disabled = game.pairs === 0;
  }

  private applyWords(): void {
    document.documentElement.lang = this.words.lang.replace("_", "-");
    document.title = this.words.word("page.title");
    this.board.setAttribute("aria-label", this.words.word("page.board"));
    for (const node of document.querySelectorAll<HTMLElement>("[data-word]")) {
      node.textContent = this.words.word(node.dataset["word"] as WordKey);
    }
    const newKey: WordKey = this.mode === "daily" ? "action.new_daily" : "action.new_free";
    element<HTMLButtonElement>('button[data-action="new"]').textContent = this.words.word(newKey);
    element<HTMLElement>("#leaderboard-title").textContent = this.words.word(
      this.mode === "daily" ? "leaderboard.daily" : "leaderboard.free",
    );
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-mode-link]")) {
      if (link.dataset["modeLink"] === this.mode) {
        link.setAttribute("aria-current", "page");
      }
    }
  }

  // --- the leaderboard and the pseudonym --------------------------------------------------------------

  private async refreshLeaderboard(): Promise<void> {
    let board: Leaderboard;
    try {
      board = await fetchLeaderboard(this.mode);
    } catch {
      return;
    }
    this.drawLeaderboard(board);
    if (!this.activity && (board.own !== null || window.localStorage.getItem(PLAYED_KEY) !== null)) {
      this.nameForm.hidden = false;
    }
  }

  private drawLeaderboard(board: Leaderboard): void {
    this.leaderboard.dataset["board"] = board.board;
    element<HTMLOListElement>("#leaderboard-rows").replaceChildren(...leaderboardRows(board, this.words));
  }

  private async saveName(): Promise<void> {
    try {
      await saveName(this.pseudonym.value.trim());
      this.nameStatus.textContent = this.words.word("name.saved");
      await this.refreshLeaderboard();
    } catch (error) {
      this.nameStatus.textContent =
        error instanceof ApiError && error.message !== "" ? error.message : this.words.word("error.network");
    }
  }
}

const params = new URLSearchParams(window.location.search);
const { mode, seed } = requestedMode(params);
void new SolitairePage(mode, seed, params.has("frame_id")).start(params.get("lang"));

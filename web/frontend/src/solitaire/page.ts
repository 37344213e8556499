// The solitaire page's controller (SPEC §6): draws the server's game, sends every pick to it, and shows
// a change only once the server made it. What it remembers between answers is the player's own: the
// picked tile, the hinted pair, the keyboard's tile, Finish armed, a pause sent while they were away.
import {
  ApiError,
  type Control,
  fetchGame,
  fetchWords,
  type GameJson,
  type Mode,
  OVER_STATES,
  sendControl,
  sendPair,
  startNew,
} from "../api";
import { element } from "../dom";
import { directionOf, nearest, nearestInDirection } from "../keyboard";
import { facesMatch, LEVEL_LIFT, setSpriteSheetVariables } from "../layout";
import { Dictionary, type Words } from "../words";
import { keepDiscordLinks } from "./address";
import { AwayWatch } from "./away";
import { fitBoard, TileBoard } from "./board";
import { Clock } from "./clock";
import { drawControls, FinishConfirm } from "./controls";
import { drawFigures } from "./figures";
import { joinActivity } from "./inside_discord";
import { labelPage } from "./labels";
import { Scores } from "./scores";
import { drawSummary, stateMessage } from "./summary";

// The local clock redraws this often between the server's answers (a second changes within a quarter).
const CLOCK_REDRAW_MS = 250;
// No words yet (or none to be had): each word shows its key.
const KEYS_ONLY: Words = { lang: "en", words: {}, tiles: {} };

export class SolitairePage {
  private readonly board = element<HTMLDivElement>("#board");
  private readonly boardArea = element<HTMLDivElement>("#board-area");
  private readonly status = element<HTMLParagraphElement>("#status");
  private readonly tiles = new TileBoard(this.board);
  private readonly clock = new Clock();
  private readonly finish = new FinishConfirm(() => this.words);
  private readonly away = new AwayWatch(() => this.game, this.clock, (move) => this.sendControl(move));
  private readonly scores: Scores;
  private words = new Dictionary(KEYS_ONLY);
  private game: GameJson | null = null;
  private selected: number | null = null;
  private hinted: ReadonlySet<number> = new Set();
  // Every exchange with the server in order: a move carries the step of the answer before it.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly mode: Mode,
    private readonly seed: number | null,
    // Inside Discord (the URL has its frame_id): the player is the Discord member, no pseudonym.
    private readonly activity: boolean,
  ) {
    this.scores = new Scores(mode, activity, () => this.words);
  }

  start(lang: string | null): void {
    this.board.dataset["mode"] = this.mode;
    setSpriteSheetVariables(this.board.style);
    this.board.style.setProperty("--lift", String(LEVEL_LIFT));
    new ResizeObserver(() => fitBoard(this.board, this.boardArea)).observe(this.boardArea);
    fitBoard(this.board, this.boardArea);
    this.listen();
    this.serially(async () => {
      // In the Activity every call carries the member's session: the words too wait for it.
      if (this.activity && !(await this.joinDiscord(lang))) {
        return;
      }
      const [words, game] = await Promise.all([fetchWords(lang), fetchGame(this.mode, this.seed)]);
      this.useWords(new Dictionary(words));
      this.show(game);
      // after the words: an empty board says so in the page's language
      void this.scores.refresh();
    });
    window.setInterval(() => this.drawFigures(), CLOCK_REDRAW_MS);
  }

  /** Discord's handshake and our server's session; false when the page cannot start (said in its
   * status, the board left loading) or leaves for a thread's table. */
  private async joinDiscord(lang: string | null): Promise<boolean> {
    document.body.dataset["surface"] = "activity";
    keepDiscordLinks(new URLSearchParams(window.location.search));
    try {
      return await joinActivity((pip) => this.away.layoutChanged(pip));
    } catch (error) {
      // The words without a session, only to say why the game cannot start.
      this.useWords(new Dictionary(await fetchWords(lang).catch(() => KEYS_ONLY)));
      this.say(error instanceof ApiError && error.message !== "" ? error.message : this.words.word("activity.failed"));
      return false;
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
      // the name's Save is its form's to send
      if (action !== "save-name") {
        button.addEventListener("click", () => this.control(action ?? ""));
      }
    }
    document.addEventListener("visibilitychange", () => this.away.changed());
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

  /** A tile pressed: the first free one picks it, a matching second sends the pair, a covered one shakes. */
  private press(id: number): void {
    this.finish.disarm();
    this.serially(async () => {
      const game = this.game;
      const tile = game?.tiles.find((candidate) => candidate.id === id);
      if (game === null || game.state !== "playing" || tile === undefined) {
        return;
      }
      this.tiles.focusedId = id;
      if (!tile.free) {
        this.tiles.shake(id);
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

  /** The arrow keys move the focus to the nearest free tile that way. */
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
      this.tiles.focus(next.id, game);
    }
  }

  private control(action: string): void {
    if (action === "finish" && !this.finish.armed) {
      this.finish.arm();
      return;
    }
    this.finish.disarm();
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

  private show(game: GameJson): void {
    const wasOver = this.game !== null && OVER_STATES.has(this.game.state);
    const focusedBefore = this.game?.tiles.find((tile) => tile.id === this.tiles.focusedId);
    this.game = game;
    const present = new Map(game.tiles.map((tile) => [tile.id, tile]));
    const selected = this.selected === null ? undefined : present.get(this.selected);
    if (selected === undefined || !selected.free || game.state !== "playing") {
      this.selected = null;
    }
    this.hinted = new Set(game.hint ?? []);
    this.clock.set(game.seconds, game.score, game.state === "playing" && !this.away.away);
    this.board.dataset["state"] = game.state;
    this.board.dataset["seed"] = String(game.seed);
    // a daily is known by its day (its seed is a long number derived from it), a free deal by its seed
    element<HTMLElement>("#seed").textContent = game.day ?? String(game.seed);
    if (focusedBefore !== undefined && !present.has(focusedBefore.id)) {
      this.tiles.focusedId = nearest(focusedBefore, game.tiles.filter((tile) => tile.free))?.id ?? null;
    }
    this.drawTiles();
    this.drawFigures();
    drawControls(game);
    const over = OVER_STATES.has(game.state);
    // An ended game is said by its summary; the status line says the rest (paused, and errors).
    this.say(over ? "" : stateMessage(game, this.words));
    drawSummary(over ? game : null, this.words);
    if (over && !wasOver) {
      this.scores.gameEnded();
    }
  }

  private drawTiles(): void {
    if (this.game !== null) {
      this.tiles.draw(this.game, { selected: this.selected, hinted: this.hinted }, this.words);
    }
  }

  private drawFigures(): void {
    if (this.game !== null) {
      drawFigures(this.game, this.clock, this.words);
    }
  }

  private useWords(words: Dictionary): void {
    this.words = words;
    labelPage(this.board, this.mode, words);
  }
}

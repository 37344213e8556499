// A finished hand's replay (SPEC §7.2): the hand's steps from one seat, loaded at once
// (GET /replay/<table>/<n>/steps), drawn one at a time with the table page's own seats (../table/seats).
// The address is always the link to the step and seat shown (history.replaceState), and opens there.
import { fetchWords } from "../api";
import { setSpriteSheetVariables } from "../layout";
import { element, make } from "../dom";
import { type Frame, isWind, positions, type Wind } from "../table/frame";
import { windName } from "../table/names";
import { resultElement } from "../table/result";
import { seatElements } from "../table/seats";
import { Dictionary, type WordKey } from "../words";

/** A step: the table as the chosen seat saw it after the step, and what happened at it. */
interface Step extends Frame {
  readonly steps: number;
  readonly said: string;
}

interface Steps {
  readonly steps: number;
  readonly seat: Wind;
  readonly frames: readonly Step[];
}

type Move = "first" | "step-back" | "step-forward" | "last";

const RULES_WORDS: Readonly<Record<string, WordKey>> = {
  classic: "table.rules.classic",
  hongkong: "table.rules.hongkong",
  family: "table.rules.family",
};

/** The hand the page's path names, `/replay/<table>/<n>` (a proxy's prefix before it allowed). */
function handOf(pathname: string): string {
  const found = /\/replay\/([^/]+)\/([0-9]+)\/?$/.exec(pathname);
  return found === null ? "" : `/replay/${found[1] ?? ""}/${found[2] ?? ""}`;
}

class ReplayPage {
  private readonly replay = element<HTMLElement>("#replay");
  private readonly seatsArea = element<HTMLElement>("#seats");
  private readonly said = element<HTMLElement>("#said");
  private readonly summary = element<HTMLElement>("#summary");
  private readonly stepFigure = element<HTMLElement>("#step-figure");
  private readonly choices = element<HTMLElement>("#seat-choices");
  private words = new Dictionary({ lang: "en", words: {}, tiles: {} });
  private frames: readonly Step[] = [];
  private seat: Wind = "E";
  private step = 1;

  constructor(
    private readonly hand: string,
    private readonly query: URLSearchParams,
  ) {}

  async start(): Promise<void> {
    setSpriteSheetVariables(document.body.style);
    try {
      this.words = new Dictionary(await fetchWords(this.query.get("lang")));
    } catch {
      // the page still shows the hand without its words: each shows its key
    }
    this.applyWords();
    this.listen();
    const seat = this.query.get("seat");
    this.step = Number(this.query.get("step") ?? "1");
    await this.load(isWind(seat) ? seat : "E");
  }

  /** The hand's steps from `seat`, then the step kept (within the hand's steps). */
  private async load(seat: Wind): Promise<void> {
    const query = new URLSearchParams({ seat, lang: this.words.lang });
    try {
      const answer = await fetch(`${this.hand}/steps?${query.toString()}`, { credentials: "same-origin" });
      if (!answer.ok) {
        throw new Error(String(answer.status));
      }
      const loaded = (await answer.json()) as Steps;
      this.frames = loaded.frames;
      this.seat = loaded.seat;
    } catch {
      this.replay.dataset["state"] = "failed";
      this.said.textContent = this.words.word("replay.failed");
      return;
    }
    this.go(this.step, null);
  }

  private listen(): void {
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
      button.addEventListener("click", () => this.move(button.dataset["action"] as Move));
    }
    this.choices.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[data-seat-choice]");
      const wind = button?.dataset["seatChoice"];
      if (isWind(wind) && wind !== this.seat) {
        void this.load(wind);
      }
    });
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        this.move(event.key === "ArrowLeft" ? "step-back" : "step-forward");
      }
    });
  }

  private move(move: Move): void {
    const last = this.frames.length;
    const target = { first: 1, "step-back": this.step - 1, "step-forward": this.step + 1, last }[move];
    const before = move === "step-forward" ? (this.frames[this.step - 1] ?? null) : null;
    this.go(target, before);
  }

  /** Show step `target` (kept within the hand), `before` the step shown just before it, when it is. */
  private go(target: number, before: Frame | null): void {
    const count = this.frames.length;
    if (count === 0) {
      return;
    }
    this.step = Number.isInteger(target) ? Math.min(Math.max(target, 1), count) : 1;
    const frame = this.frames[this.step - 1];
    if (frame === undefined) {
      return;
    }
    this.show(frame, before);
    const query = new URLSearchParams(this.query);
    query.set("seat", this.seat);
    query.set("step", String(this.step));
    window.history.replaceState(null, "", `${window.location.pathname}?${query.toString()}`);
  }

  private show(frame: Step, before: Frame | null): void {
    const data = this.replay.dataset;
    data["step"] = String(frame.step);
    data["steps"] = String(frame.steps);
    data["seat"] = this.seat;
    data["state"] = frame.state;
    // A spectator's seats (no seat is the watcher's own: every hand the step shows is drawn in its seat,
    // the chosen seat's alone until the end), placed around the chosen seat.
    const seats = seatElements({ ...frame, viewer: "spectator" }, this.words, before);
    const placed = positions(frame.seats, frame.viewer);
    for (const seat of seats) {
      seat.dataset["position"] = placed.get(seat.dataset["seat"] as Wind) ?? "top";
    }
    this.seatsArea.dataset["players"] = String(frame.seats.length);
    this.seatsArea.replaceChildren(...seats);
    this.said.textContent = frame.said;
    this.stepFigure.textContent = this.words.filled("replay.step", `${frame.step} / ${frame.steps}`);
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
      const action = button.dataset["action"];
      button.disabled = action === "first" || action === "step-back" ? frame.step <= 1 : frame.step >= frame.steps;
    }
    this.drawChoices(frame);
    this.drawFigures(frame);
    this.drawResult(frame);
  }

  private drawChoices(frame: Frame): void {
    const buttons = frame.seats.map((seat) => {
      const button = make("button", "seat-choice", `${windName(seat.wind, this.words)} · ${seat.name}`);
      button.type = "button";
      button.dataset["seatChoice"] = seat.wind;
      button.setAttribute("aria-pressed", String(seat.wind === this.seat));
      return button;
    });
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset["seatChoice"] : undefined;
    this.choices.replaceChildren(...buttons);
    buttons.find((button) => focused !== undefined && button.dataset["seatChoice"] === focused)?.focus();
  }

  private drawFigures(frame: Frame): void {
    const rules = RULES_WORDS[frame.rules];
    element<HTMLElement>("#rules-name").textContent = rules === undefined ? frame.rules : this.words.word(rules);
    element<HTMLElement>("#round-wind").textContent = frame.round_wind === null ? "–" : windName(frame.round_wind, this.words);
    element<HTMLElement>("#hand-number").textContent = String(frame.hand_number ?? "–");
    const wall = element<HTMLElement>("#wall");
    wall.dataset["remaining"] = String(frame.wall);
    wall.textContent = String(frame.wall);
  }

  /** The hand's result at its last step: the table page's result card (SPEC §7.1's `#result`). */
  private drawResult(frame: Frame): void {
    const result = frame.result;
    this.summary.replaceChildren(...(result === null ? [] : [resultElement(frame, result, this.words)]));
    this.summary.hidden = result === null;
  }

  private applyWords(): void {
    document.documentElement.lang = this.words.lang.replace("_", "-");
    document.title = this.words.word("replay.title");
    this.replay.setAttribute("aria-label", this.words.word("replay.board"));
    for (const node of document.querySelectorAll<HTMLElement>("[data-word]")) {
      node.textContent = this.words.word(node.dataset["word"] as WordKey);
    }
  }
}

void new ReplayPage(handOf(window.location.pathname), new URLSearchParams(window.location.search)).start();

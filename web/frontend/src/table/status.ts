// The table page's status line (SPEC §7's `#status`): a refusal or a passing word while it lasts, else
// the connection's trouble, else nothing.
import type { Dictionary } from "../words";
import type { Connection } from "./socket";

// A refusal stays on the status line this long.
const REFUSAL_MS = 5000;

/** What the status line is drawn from besides its own refusal: the page's words, whether a frame came,
 * and the socket's state. */
export interface StatusContext {
  readonly words: Dictionary;
  readonly framed: boolean;
  readonly connection: Connection;
}

export interface StatusText {
  readonly text: string;
  // "notice": a passing word (the invitation copied); "trouble": a refusal or the connection's
  readonly kind: "" | "notice" | "trouble";
}

/** The status line for a refusal (or notice) shown now (`refusal`, "" for none) in `context`. */
export function statusText(refusal: string, notice: string, context: StatusContext): StatusText {
  let text = refusal;
  if (text === "" && !context.framed && context.connection !== "stopped") {
    text = context.words.word("table.loading");
  }
  if (text === "" && context.connection === "reconnecting") {
    text = context.words.word("table.reconnecting");
  }
  return { text, kind: text === "" ? "" : text === notice ? "notice" : "trouble" };
}

export class StatusLine {
  private refusal = "";
  private notice = "";
  private timer: number | null = null;

  constructor(
    private readonly line: HTMLElement,
    private readonly context: () => StatusContext,
  ) {}

  /** A refusal, said for a while. */
  refuse(message: string): void {
    this.refusal = message;
    if (this.timer !== null) {
      window.clearTimeout(this.timer);
    }
    this.timer = window.setTimeout(() => {
      this.refusal = "";
      this.timer = null;
      this.draw();
    }, REFUSAL_MS);
    this.draw();
  }

  /** A refusal said for good (the page stops there). */
  hold(message: string): void {
    if (this.timer !== null) {
      window.clearTimeout(this.timer);
      this.timer = null;
    }
    this.refusal = message;
    this.draw();
  }

  /** A passing word (the invitation copied, the name saved), said for a while as a notice. */
  say(message: string): void {
    this.notice = message;
    this.refuse(message);
  }

  draw(): void {
    const shown = statusText(this.refusal, this.notice, this.context());
    this.line.dataset["kind"] = shown.kind;
    if (this.line.textContent !== shown.text) {
      this.line.textContent = shown.text;
    }
  }
}

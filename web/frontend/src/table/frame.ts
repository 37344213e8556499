// The table's wire (SPEC §7, docs/table-page.md): the frames the server pushes and the messages the
// page sends back, and the pure helpers the page draws them with (tiles in SPEC §1 notation, where each
// seat sits around the table).

export type Wind = "E" | "S" | "W" | "N";
export type TableState = "lobby" | "playing" | "hand-over" | "match-over" | "closed";
export type Rules = "classic" | "hongkong" | "family";
export type SeatKind = "member" | "computer" | "empty";
export type Standing = "auto_win" | "no_calls" | "auto_discard";
export const STANDINGS: readonly Standing[] = ["auto_win", "no_calls", "auto_discard"];
export const WINDS: readonly Wind[] = ["E", "S", "W", "N"];

export interface Meld {
  readonly kind: "chow" | "pung" | "kong" | "concealed-kong";
  readonly tiles: string;
}

export interface Seat {
  readonly wind: Wind;
  readonly name: string;
  readonly kind: SeatKind;
  readonly score: number;
  readonly concealed: number;
  readonly discards: readonly string[];
  readonly melds: readonly Meld[];
  readonly bonus: readonly string[];
  // Only in the viewer's own seat, and in every seat once the hand is over.
  readonly hand?: readonly string[] | null;
  readonly drawn?: boolean | null;
  readonly away?: boolean | null;
  readonly calling?: boolean | null;
  // seconds of the seat's time bank left while a hand is played
  readonly bank?: number | null;
  // a computer seat's level (basic, strong, …)
  readonly level?: string | null;
}

/** One public event of the hand (SPEC §7.1's `log`): its tiles are public ones only. */
export interface LogEvent {
  readonly seat: Wind;
  readonly event: "discard" | "chow" | "pung" | "kong" | "concealed-kong" | "bonus" | "mahjong" | "draw";
  readonly tiles: string;
}

/** One finished hand of the match (the score sheet), its winds and names as they were in that hand. */
export interface SheetRow {
  readonly hand: number;
  readonly winner: Wind | null;
  readonly score: number;
  readonly self_drawn?: boolean;
  readonly payments?: Readonly<Partial<Record<string, number>>>;
  readonly names?: Readonly<Partial<Record<string, string>>>;
}

/** What the ended match did to a member seat's rating (SPEC §8's shown scale), once the ledger rated it. */
export interface RatingChange {
  readonly wind: Wind;
  readonly before: number;
  readonly after: number;
}

export interface Action {
  readonly action: string;
  readonly tiles?: string | null;
  // `first` only: the lobby chair it names.
  readonly seat?: string | null;
}

export interface Result {
  readonly winner: Wind | null;
  readonly winning_tile: string | null;
  readonly self_drawn: boolean;
  // who let the winning tile go (a win on a discard), else null
  readonly discarder?: Wind | null;
  readonly score: number;
  // the patterns' keys; `names` says each in the page's language
  readonly patterns: readonly string[];
  readonly names?: Readonly<Partial<Record<string, string>>>;
  readonly payments: Readonly<Partial<Record<string, number>>>;
  readonly wall_seed?: number | string | null;
  // each scored pattern's fan (Hong Kong) or points (classic), in the order of `patterns`
  readonly breakdown?: readonly { readonly pattern: string; readonly value: number }[] | null;
}

export interface Frame {
  readonly type: "frame";
  readonly table: string;
  readonly version: number;
  readonly step: number;
  readonly state: TableState;
  readonly rules: Rules;
  readonly players?: number;
  readonly hand_number?: number;
  readonly host?: string | null;
  readonly viewer: string;
  // the viewer's lobby chair (its provisional wind) while `viewer` is "seated"
  readonly you?: string | null;
  readonly round_wind: Wind | null;
  readonly seats: readonly Seat[];
  readonly wall: number;
  readonly turn: Wind | null;
  readonly awaited: readonly string[];
  readonly discard: { readonly tile: string; readonly seat: Wind } | null;
  readonly deadline: number | null;
  readonly actions: readonly Action[];
  readonly result: Result | null;
  readonly standing?: Readonly<Record<Standing, boolean>> | null;
  readonly commitment?: string | null;
  readonly deal?: string | null;
  readonly minimum_fan?: number;
  readonly dealer?: Wind | null;
  readonly log?: readonly LogEvent[] | null;
  readonly sheet?: readonly SheetRow[] | null;
  // the seated members who pressed next-hand
  readonly ready?: readonly string[] | null;
  // at the match's end, its members' rating changes (a later frame, once the ledger has rated it)
  readonly ratings?: readonly RatingChange[] | null;
  // the level of the computer that plays for an away member
  readonly computer_level?: string | null;
  readonly learners?: boolean | null;
  // what a new match with the same settings is opened with (SPEC §7's /table/new query)
  readonly length?: string | null;
  // a tournament table's tournament (SPEC §9), and whether this viewer watches it one hand behind
  readonly tournament?: string | null;
  readonly behind?: boolean | null;
}

/** The refusal of the socket itself to a player of a tournament's round watching another of its tables
 * (SPEC §9's fair play): said once, then the socket is closed, and the page stops there. */
export const FAIR_PLAY = "fair_play";

export interface Refused {
  readonly type: "refused";
  readonly error: string;
  readonly message: string;
}

/** The table's suggested discard, answering the page's Hint at `step` (to this socket alone). */
export interface HintAnswer {
  readonly type: "hint";
  readonly step: number;
  readonly tiles: string;
}

/** The name the socket's player sits under (null: a standalone player without a pseudonym yet), and
 * whether the page may change it (not in the Activity: the member's display name). */
export interface NameAnswer {
  readonly type: "name";
  readonly name: string | null;
  readonly editable: boolean;
}

/** The server's answer to the page's `ping`: the socket is alive. */
export interface Pong {
  readonly type: "pong";
}

export type ServerMessage = Frame | Refused | HintAnswer | NameAnswer | Pong;

export type ClientMessage =
  | { readonly type: "hello"; readonly session: string; readonly instance?: string }
  | {
      readonly type: "move";
      readonly action: string;
      readonly step: number;
      readonly tiles?: string;
      readonly seat?: string;
    }
  | { readonly type: "standing"; readonly choice: Standing }
  | { readonly type: "hint"; readonly step: number }
  | { readonly type: "name"; readonly name: string | null }
  | { readonly type: "ping" };

/** A server message, or null for anything else (the page ignores it). */
export function parseMessage(text: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) {
    return null;
  }
  const message = value as { type?: unknown; version?: unknown; seats?: unknown; actions?: unknown };
  const whole = typeof message.version === "number" && Array.isArray(message.seats) && Array.isArray(message.actions);
  if (message.type === "frame" && whole) {
    return value as Frame;
  }
  if (message.type === "refused") {
    return value as Refused;
  }
  const hint = value as { step?: unknown; tiles?: unknown };
  if (message.type === "hint" && typeof hint.step === "number" && typeof hint.tiles === "string") {
    return value as HintAnswer;
  }
  const named = value as { name?: unknown; editable?: unknown };
  if (message.type === "name" && (typeof named.name === "string" || named.name === null)) {
    return { type: "name", name: named.name, editable: named.editable === true };
  }
  if (message.type === "pong") {
    return { type: "pong" };
  }
  return null;
}

/** The move message for one of the frame's actions: its tiles as the action had them, `seat` for `first`. */
export function moveMessage(action: Action, step: number): ClientMessage {
  return {
    type: "move",
    action: action.action,
    step,
    ...(typeof action.tiles === "string" && action.tiles !== "" ? { tiles: action.tiles } : {}),
    ...(typeof action.seat === "string" && action.seat !== "" ? { seat: action.seat } : {}),
  };
}

/** The faces of a group in SPEC §1 notation, in order: "345m" → 3m 4m 5m, "123m77z" → 1m 2m 3m 7z 7z. */
export function faces(tiles: string): string[] {
  const out: string[] = [];
  let digits = "";
  for (const char of tiles.replace(/\s+/g, "")) {
    if (char >= "0" && char <= "9") {
      digits += char;
    } else {
      for (const digit of digits) {
        out.push(`${digit}${char}`);
      }
      digits = "";
    }
  }
  return out;
}

export function isWind(value: unknown): value is Wind {
  return value === "E" || value === "S" || value === "W" || value === "N";
}

export type Position = "bottom" | "right" | "top" | "left";

/** Where each seat sits on the screen: the viewer's at the bottom (East for anyone without a seat,
 * and in the lobby), the next in turn to its right, then across, then to its left (turns go
 * E → S → W → N counter-clockwise); at a table of three the third sits on the left, of two across. */
export function positions(seats: readonly Seat[], viewer: string): Map<Wind, Position> {
  const order = seats.map((seat) => seat.wind);
  const start = Math.max(0, order.indexOf(isWind(viewer) ? viewer : "E"));
  const around: readonly Position[] =
    order.length >= 4
      ? ["bottom", "right", "top", "left"]
      : order.length === 3
        ? ["bottom", "right", "left"]
        : ["bottom", "top"];
  const placed = new Map<Wind, Position>();
  order.forEach((wind, index) => {
    placed.set(wind, around[(index - start + order.length) % order.length] ?? "top");
  });
  return placed;
}

/** Seconds left before `deadline` (Unix seconds) at `nowMs`, never below zero. */
export function secondsLeft(deadline: number, nowMs: number): number {
  return Math.max(0, Math.ceil(deadline - nowMs / 1000));
}

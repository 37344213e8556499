// The page's client of the server's JSON API (same origin; the player's id is the server's cookie).
import type { Words } from "./words";

export type Mode = "daily" | "free";
export type GameState = "playing" | "paused" | "cleared" | "stuck" | "finished";
export type Control = "undo" | "pause" | "resume" | "finish" | "hint";

export interface TileJson {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly face: string;
  readonly free: boolean;
}

export interface GameJson {
  readonly mode: Mode;
  readonly game: string;
  readonly step: number;
  readonly seed: number;
  readonly day: string | null;
  readonly state: GameState;
  readonly tiles: readonly TileJson[];
  readonly pairs: number;
  readonly score: number;
  readonly seconds: number;
  readonly undos: number;
  readonly hint: readonly [number, number] | null;
  readonly removed: readonly [number, number] | null;
}

export interface LeaderboardRow {
  readonly rank: number;
  readonly name: string;
  readonly score: number;
}

export interface Leaderboard {
  readonly board: Mode;
  readonly rows: readonly LeaderboardRow[];
  readonly own: LeaderboardRow | null;
}

export const OVER_STATES: ReadonlySet<GameState> = new Set(["cleared", "stuck", "finished"]);

/** A refused request: `key` is the server's error key ("network" when no answer came), `message`
 * its text in the page's language, `game` the current game of a stale (409) move. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly game: GameJson | null,
  ) {
    super(message);
  }
}

interface ErrorBody {
  readonly error?: string;
  readonly message?: string;
  readonly game?: GameJson;
}

async function request<T>(path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, "network", "", null);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (answer ?? {}) as ErrorBody;
    throw new ApiError(response.status, error.error ?? "network", error.message ?? "", error.game ?? null);
  }
  return answer as T;
}

function query(values: Record<string, string | number | null>): string {
  const parts = Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] !== null);
  return new URLSearchParams(parts.map(([key, value]) => [key, String(value)])).toString();
}

export function fetchGame(mode: Mode, seed: number | null): Promise<GameJson> {
  return request(`/api/game?${query({ mode, seed })}`);
}

export function sendPair(game: GameJson, tiles: readonly [number, number]): Promise<GameJson> {
  return request("/api/move", { mode: game.mode, game: game.game, step: game.step, move: "pair", tiles });
}

export function sendControl(game: GameJson, move: Control): Promise<GameJson> {
  return request("/api/move", { mode: game.mode, game: game.game, step: game.step, move });
}

export function startNew(mode: Mode): Promise<GameJson> {
  return request("/api/new", { mode });
}

export function fetchLeaderboard(board: Mode): Promise<Leaderboard> {
  return request(`/api/leaderboard?${query({ board })}`);
}

export function saveName(name: string): Promise<unknown> {
  return request("/api/name", { name });
}

export function fetchWords(lang: string | null): Promise<Words> {
  return request(`/api/words?${query({ lang })}`);
}

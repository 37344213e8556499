// The page's client of the server's JSON API (same origin, relative paths: inside Discord its proxy
// serves them). Standalone the player's id is the server's cookie; in the Activity it is the session
// the server signed (`openSession`), sent as a header on every call (iframe storage is partitioned).
import type { Words } from "./words";

export type Mode = "daily" | "free";
export type GameState = "playing" | "paused" | "cleared" | "stuck" | "finished";
export type Control = "undo" | "pause" | "resume" | "finish" | "hint";

export interface TileJson {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  // null while no part of the tile can be seen (wholly covered by higher tiles), and on every tile
  // while the game is paused: the server keeps those faces to itself (SPEC §6).
  readonly face: string | null;
  readonly free: boolean;
}

/** Where an ended game's score stands on its board (the day's, or the free one); rank null when it
 * is not listed (a zero score). */
export interface Placed {
  readonly board: Mode;
  readonly rank: number | null;
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
  // Only in the answers about an ended game, and absent from a server older than the summary.
  readonly placed?: Placed;
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

/** The Activity's player, as the server proved them (`POST /api/activity/session`). */
export interface ActivitySession {
  readonly session: string;
  readonly member: { readonly id: string; readonly name: string };
  readonly guild_id: string;
  /** The table the instance's channel holds (a table's thread): the Activity opens it. */
  readonly table?: string | null;
}

const HANDED_OVER = "mahjong-activity-session";

/** The Activity's page hands its session to the table page it opens (the same tab, Discord's frame):
 * Discord's code is good for one exchange, and the member was proved a moment ago. */
export function handOver(player: ActivitySession, instanceId: string): void {
  window.sessionStorage.setItem(HANDED_OVER, JSON.stringify({ player, instanceId }));
}

/** The session the page before handed over for this instance, once (a later load signs in again). */
export function handedOver(instanceId: string | null): ActivitySession | null {
  const kept = window.sessionStorage.getItem(HANDED_OVER);
  window.sessionStorage.removeItem(HANDED_OVER);
  if (kept === null || instanceId === null) {
    return null;
  }
  try {
    const parsed = JSON.parse(kept) as { player: ActivitySession; instanceId: string };
    return parsed.instanceId === instanceId ? parsed.player : null;
  } catch {
    return null;
  }
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

// In the Activity: the session and the instance it belongs to (the server refuses it for another one).
let sessionHeaders: Readonly<Record<string, string>> = {};

/** Every later call is played as the Activity's member (`useSession` once their session is known). */
export function useSession(session: string, instanceId: string): void {
  sessionHeaders = { "X-Mahjong-Session": session, "X-Mahjong-Instance": instanceId };
}

async function request<T>(path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...sessionHeaders,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
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

// --- the Activity (its routes play no one: they make the session) ---------------------------------------

/** The application's OAuth2 client id (404 when the deployment has no Activity). */
export async function fetchClientId(): Promise<string> {
  const answer = await request<{ client_id: string }>("/api/activity");
  return answer.client_id;
}

/** The access token for the code Discord's `authorize` gave (the server holds the client secret). */
export async function exchangeCode(code: string): Promise<string> {
  const answer = await request<{ access_token: string }>("/api/activity/token", { code });
  return answer.access_token;
}

export function openSession(accessToken: string, instanceId: string): Promise<ActivitySession> {
  return request("/api/activity/session", { access_token: accessToken, instance_id: instanceId });
}

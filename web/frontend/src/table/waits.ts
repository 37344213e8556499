// A learners' aid: the tiles that would complete the viewer's hand and how many of each they have not
// seen. Computed from the viewer's own frame alone (their hand and the public tiles), so the frame
// carries no tile for it. The shapes are the common ones: four sets and a pair, seven pairs, thirteen
// orphans; a rule set's minimum (Hong Kong's fan) is not weighed.
import type { Frame } from "./frame";
import { faces } from "./frame";

const SUITS = ["m", "p", "s"] as const;
// the 34 playing faces, an index each: 0–8 characters, 9–17 circles, 18–26 bamboo, 27–33 honours
const PLAYING: readonly string[] = [
  ...SUITS.flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => `${rank}${suit}`)),
  ...[1, 2, 3, 4, 5, 6, 7].map((rank) => `${rank}z`),
];
const INDEX = new Map(PLAYING.map((face, index) => [face, index]));
const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

export interface Wait {
  readonly face: string;
  // copies the viewer has not seen (4 less those in their hand and in every seat's discards and sets)
  readonly left: number;
}

function counts(tiles: readonly string[]): number[] | null {
  const found = new Array<number>(34).fill(0);
  for (const face of tiles) {
    const index = INDEX.get(face);
    if (index === undefined) {
      return null; // a joker or a face the aid does not know: no waits said
    }
    found[index] = (found[index] ?? 0) + 1;
  }
  return found;
}

/** Whether `tiles` (counts) split into sets (pungs and chows) exactly, with `pair` pairs left to find. */
function sets(tiles: number[], from: number, pair: boolean): boolean {
  let index = from;
  while (index < 34 && (tiles[index] ?? 0) === 0) {
    index += 1;
  }
  if (index === 34) {
    return !pair;
  }
  const count = tiles[index] ?? 0;
  if (pair && count >= 2) {
    tiles[index] = count - 2;
    const found = sets(tiles, index, false);
    tiles[index] = count;
    if (found) {
      return true;
    }
  }
  if (count >= 3) {
    tiles[index] = count - 3;
    const found = sets(tiles, index, pair);
    tiles[index] = count;
    if (found) {
      return true;
    }
  }
  const rank = index < 27 ? index % 9 : 9;
  if (rank <= 6 && (tiles[index + 1] ?? 0) > 0 && (tiles[index + 2] ?? 0) > 0) {
    tiles[index] = count - 1;
    tiles[index + 1] = (tiles[index + 1] ?? 0) - 1;
    tiles[index + 2] = (tiles[index + 2] ?? 0) - 1;
    const found = sets(tiles, index, pair);
    tiles[index] = count;
    tiles[index + 1] = (tiles[index + 1] ?? 0) + 1;
    tiles[index + 2] = (tiles[index + 2] ?? 0) + 1;
    if (found) {
      return true;
    }
  }
  return false;
}

/** Whether concealed tiles (counts), beside `melds` declared sets, make a complete hand. */
export function complete(tiles: number[], melds: number): boolean {
  const total = tiles.reduce((sum, count) => sum + count, 0);
  if (total + melds * 3 !== 14) {
    return false;
  }
  if (melds === 0 && tiles.every((count) => count === 0 || count === 2)) {
    return true; // seven pairs
  }
  if (melds === 0 && ORPHANS.every((index) => (tiles[index] ?? 0) >= 1) && ORPHANS.some((index) => tiles[index] === 2)) {
    return true; // thirteen orphans
  }
  return sets([...tiles], 0, true);
}

/** The faces that would complete `hand` (concealed, 3n+1 tiles) beside `melds` sets, in face order. */
export function waitsOf(hand: readonly string[], melds: number): string[] {
  const tiles = counts(hand);
  if (tiles === null || (hand.length + melds * 3) !== 13) {
    return [];
  }
  const waits: string[] = [];
  PLAYING.forEach((face, index) => {
    if ((tiles[index] ?? 0) >= 4) {
      return;
    }
    tiles[index] = (tiles[index] ?? 0) + 1;
    if (complete(tiles, melds)) {
      waits.push(face);
    }
    tiles[index] = (tiles[index] ?? 0) - 1;
  });
  return waits;
}

/** The viewer's waits with the copies they have not seen, while they hold 13 tiles' worth in play;
 * [] otherwise (spectators, their turn to discard, a hand that waits on nothing). */
export function viewerWaits(frame: Frame): Wait[] {
  if (frame.state !== "playing") {
    return [];
  }
  const own = frame.seats.find((seat) => seat.wind === frame.viewer);
  const hand = own?.hand ?? null;
  if (own === undefined || hand === null) {
    return [];
  }
  const seen = new Map<string, number>();
  const see = (face: string): void => {
    seen.set(face, (seen.get(face) ?? 0) + 1);
  };
  hand.forEach(see);
  for (const seat of frame.seats) {
    seat.discards.forEach(see);
    for (const meld of seat.melds) {
      faces(meld.tiles).forEach(see);
    }
  }
  return waitsOf(hand, own.melds.length).map((face) => ({ face, left: Math.max(0, 4 - (seen.get(face) ?? 0)) }));
}

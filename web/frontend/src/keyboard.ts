// Arrow keys move the focus between free tiles (SPEC §6): to the nearest free tile whose face lies in
// that direction, nearness weighing the sideways distance double so that a press goes where it points.
import type { TileJson } from "./api";
import { facePlace, FACE_RATIO } from "./layout";

export type Direction = "left" | "right" | "up" | "down";

const KEYS: Readonly<Record<string, Direction>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

export function directionOf(key: string): Direction | null {
  return KEYS[key] ?? null;
}

function centre(tile: TileJson): { x: number; y: number } {
  const place = facePlace(tile);
  return { x: place.left + 0.5, y: place.top + FACE_RATIO / 2 };
}

export function nearestInDirection(
  from: TileJson,
  candidates: readonly TileJson[],
  direction: Direction,
): TileJson | null {
  const start = centre(from);
  let best: TileJson | null = null;
  let bestCost = Infinity;
  for (const tile of candidates) {
    if (tile.id === from.id) {
      continue;
    }
    const point = centre(tile);
    const dx = point.x - start.x;
    const dy = point.y - start.y;
    const ahead = direction === "left" ? -dx : direction === "right" ? dx : direction === "up" ? -dy : dy;
    const aside = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
    // Tiles stacked almost straight above one another differ by their levels' lift only: not "ahead".
    if (ahead <= 0.25) {
      continue;
    }
    const cost = ahead + 2 * aside;
    if (cost < bestCost || (cost === bestCost && best !== null && tile.id < best.id)) {
      best = tile;
      bestCost = cost;
    }
  }
  return best;
}

/** The candidate closest to `from` (where the focus goes when its tile leaves the board). */
export function nearest(from: TileJson, candidates: readonly TileJson[]): TileJson | null {
  const start = centre(from);
  let best: TileJson | null = null;
  let bestDistance = Infinity;
  for (const tile of candidates) {
    const point = centre(tile);
    const distance = Math.hypot(point.x - start.x, point.y - start.y);
    if (distance < bestDistance) {
      best = tile;
      bestDistance = distance;
    }
  }
  return best;
}

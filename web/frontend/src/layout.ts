// The pyramid's geometry on the page (SPEC §3): a tile at (x, y, z) has its face at x and y half-tiles
// from the base's corner, each level lifted up and to the left by a tenth of a tile, as the Discord
// picture draws it (render/pyramid.py). Everything is in faces: the board scales with one width.
import type { TileJson } from "./api";
import { SPRITE_CELLS, SPRITE_SHEET } from "./sprites";

// The full pyramid's extent (SPEC §3), not the tiles left: the board keeps its scale as tiles go.
const BASE_COLUMNS = 8;
const BASE_ROWS = 9;
const TOP_LEVEL = 4;
// How far each level sits up and to the left of the one below, in face widths (render.pyramid._lift).
export const LEVEL_LIFT = 0.1;
// The face's height for a width of 1, and the cell's reach past the face (thickness and own shadow).
export const FACE_RATIO = SPRITE_SHEET.faceHeight / SPRITE_SHEET.faceWidth;
const REACH_X = (SPRITE_SHEET.cellWidth - SPRITE_SHEET.faceWidth) / SPRITE_SHEET.faceWidth;
const REACH_Y = (SPRITE_SHEET.cellHeight - SPRITE_SHEET.faceHeight) / SPRITE_SHEET.faceWidth;

/** The sprite sheet's proportions as CSS variables on `style`: the stylesheets size a face, its cell and
 * the sheet behind it with these, so a new sheet changes sprites.ts alone. */
export function setSpriteSheetVariables(style: CSSStyleDeclaration): void {
  style.setProperty("--cell-width", String(SPRITE_SHEET.cellWidth / SPRITE_SHEET.faceWidth));
  style.setProperty("--cell-height", String(SPRITE_SHEET.cellHeight / SPRITE_SHEET.faceWidth));
  style.setProperty("--face-ratio", String(FACE_RATIO));
  style.setProperty("--sheet-size", `${SPRITE_SHEET.columns * 100}% ${SPRITE_SHEET.rows * 100}%`);
}

/** The board's size in face widths. */
export const BOARD_WIDTH = BASE_COLUMNS + REACH_X + TOP_LEVEL * LEVEL_LIFT;
export const BOARD_HEIGHT = BASE_ROWS * FACE_RATIO + REACH_Y + TOP_LEVEL * LEVEL_LIFT;

/** The widest face (CSS pixels) with which the whole board fits in `width` × `height`. */
export function faceWidthToFit(width: number, height: number): number {
  return Math.max(8, Math.floor(Math.min(width / BOARD_WIDTH, height / BOARD_HEIGHT) * 4) / 4);
}

/** Where a tile's face sits on the board, in face widths from the board's top left corner. */
export function facePlace(tile: TileJson): { left: number; top: number } {
  return {
    left: tile.x / 2 + (TOP_LEVEL - tile.z) * LEVEL_LIFT,
    top: (tile.y / 2) * FACE_RATIO + (TOP_LEVEL - tile.z) * LEVEL_LIFT,
  };
}

/** The sprite sheet's background position of a face in the page's language, as CSS percentages. */
export function spritePosition(face: string, lang: string): { x: string; y: string } {
  const cell = SPRITE_CELLS[`${face}/${lang}`] ?? SPRITE_CELLS[face] ?? 0;
  const column = cell % SPRITE_SHEET.columns;
  const row = Math.floor(cell / SPRITE_SHEET.columns);
  return {
    x: `${(column * 100) / (SPRITE_SHEET.columns - 1)}%`,
    y: `${(row * 100) / (SPRITE_SHEET.rows - 1)}%`,
  };
}

// SPEC §3: the same face, or two flowers (1f–4f), or two seasons (5f–8f).
function matchGroup(face: string): string {
  if (face.endsWith("f")) {
    return Number(face[0]) <= 4 ? "flower" : "season";
  }
  return face;
}

// A face the server has not shown (a covered tile) matches nothing: such a tile is never free anyway.
export function facesMatch(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && matchGroup(a) === matchGroup(b);
}

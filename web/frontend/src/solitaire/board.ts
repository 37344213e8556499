// The pyramid's tiles on the page (SPEC §6's `#board`): a button per tile the server shows, placed by
// layout.ts, painted with its face (or face down), pressed when picked, marked when hinted; one tile is
// the board's tab stop. Buttons are kept across the server's answers, so focus stays on its tile.
import type { GameJson, TileJson } from "../api";
import { BOARD_HEIGHT, BOARD_WIDTH, faceWidthToFit, facePlace, spritePosition } from "../layout";
import type { Dictionary } from "../words";

/** The player's marks on the tiles: the picked one and the server's hinted pair. */
export interface TileMarks {
  readonly selected: number | null;
  readonly hinted: ReadonlySet<number>;
}

/** The board scaled to the widest face with which the whole pyramid fits in `area`. */
export function fitBoard(board: HTMLElement, area: HTMLElement): void {
  const width = faceWidthToFit(area.clientWidth, area.clientHeight);
  board.style.setProperty("--fw", `${width}px`);
  board.style.width = `${BOARD_WIDTH * width}px`;
  board.style.height = `${BOARD_HEIGHT * width}px`;
}

/** The tile's face as the server shows it now: a face comes when higher tiles leave it in view (or
 * the game resumes) and goes when an undo covers it again (or the game pauses). Without one the
 * tile is drawn face down (app.css) and named only as a covered tile. */
export function paintFace(button: HTMLButtonElement, face: string | null, words: Dictionary): void {
  if (face === null) {
    delete button.dataset["face"];
    button.style.removeProperty("--sprite-x");
    button.style.removeProperty("--sprite-y");
    button.setAttribute("aria-label", words.word("tile.covered"));
    return;
  }
  button.dataset["face"] = face;
  const sprite = spritePosition(face, words.lang);
  button.style.setProperty("--sprite-x", sprite.x);
  button.style.setProperty("--sprite-y", sprite.y);
  button.setAttribute("aria-label", words.tileName(face));
}

/** A new tile's button, placed on the board. */
export function tileButton(tile: TileJson): HTMLButtonElement {
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
  return button;
}

export class TileBoard {
  private readonly tiles = new Map<number, HTMLButtonElement>();
  // the tile the keyboard is on (null: none yet, the first free tile is the tab stop)
  focusedId: number | null = null;

  constructor(private readonly board: HTMLElement) {}

  draw(game: GameJson, marks: TileMarks, words: Dictionary): void {
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
      const button = this.tiles.get(tile.id) ?? this.add(tile);
      paintFace(button, tile.face, words);
      button.dataset["free"] = String(tile.free);
      button.setAttribute("aria-pressed", String(tile.id === marks.selected));
      button.classList.toggle("hinted", marks.hinted.has(tile.id));
    }
    if (this.focusedId !== null && !present.has(this.focusedId)) {
      this.focusedId = game.tiles.find((tile) => tile.free)?.id ?? null;
    }
    this.rovingTabStop(game);
    if (focusLost && this.focusedId !== null) {
      this.tiles.get(this.focusedId)?.focus();
    }
  }

  focus(id: number, game: GameJson | null): void {
    this.focusedId = id;
    this.rovingTabStop(game);
    this.tiles.get(id)?.focus();
  }

  /** A press on a tile that is not free: it shakes. */
  shake(id: number): void {
    const button = this.tiles.get(id);
    if (button !== undefined) {
      button.classList.remove("shake");
      // Restart the animation on a press during the last one.
      void button.offsetWidth;
      button.classList.add("shake");
    }
  }

  /** The tile's button, placed among the others in the order of painting. */
  private add(tile: TileJson): HTMLButtonElement {
    const button = tileButton(tile);
    const following = [...this.tiles.keys()].filter((id) => id > tile.id).sort((a, b) => a - b)[0];
    this.board.insertBefore(button, following === undefined ? null : (this.tiles.get(following) ?? null));
    this.tiles.set(tile.id, button);
    return button;
  }

  // One tile is the board's tab stop; the arrow keys move between the free ones.
  private rovingTabStop(game: GameJson | null): void {
    const stop = this.focusedId ?? game?.tiles.find((tile) => tile.free)?.id ?? null;
    for (const [id, button] of this.tiles) {
      button.tabIndex = id === stop ? 0 : -1;
    }
  }
}

// A tile as the table draws it: a cell of the sprite sheet (web/build_sprites.py) named by its face
// (SPEC §1 notation) in the page's language.
import { spritePosition } from "../layout";
import { SPRITE_CELLS } from "../sprites";
import type { Dictionary } from "../words";
import { make } from "../dom";

/** Gives `node` the face's picture (a face the sheet lacks, the joker, is a plain tile with its sign). */
export function paintTile(node: HTMLElement, face: string, lang: string): void {
  node.dataset["face"] = face;
  if (SPRITE_CELLS[face] === undefined) {
    node.dataset["plain"] = "true";
    return;
  }
  const sprite = spritePosition(face, lang);
  node.style.setProperty("--sprite-x", sprite.x);
  node.style.setProperty("--sprite-y", sprite.y);
}

/** A tile of the table (not a button): an image named by its face. */
export function tileElement(face: string, words: Dictionary, extra = ""): HTMLSpanElement {
  const tile = make("span", extra === "" ? "tile" : `tile ${extra}`);
  paintTile(tile, face, words.lang);
  tile.setAttribute("role", "img");
  tile.setAttribute("aria-label", words.tileName(face));
  return tile;
}

// The table page's shell (table.html, SPEC §7's element contract): the elements the page draws into and
// listens on, found once, and the player's panel kept in view on a phone.
import { element } from "../dom";

export interface TableShell {
  readonly table: HTMLElement;
  readonly seats: HTMLElement;
  readonly status: HTMLElement;
  readonly own: HTMLElement;
  readonly hand: HTMLElement;
  readonly moves: HTMLElement;
  readonly standing: HTMLElement;
  readonly overlay: HTMLElement;
  readonly showResult: HTMLButtonElement;
  readonly log: HTMLElement;
  readonly story: HTMLElement;
  readonly sheetBox: HTMLDetailsElement;
  readonly lobby: HTMLElement;
  readonly nameForm: HTMLFormElement;
  readonly nameField: HTMLInputElement;
  readonly invite: HTMLButtonElement;
  readonly waits: HTMLElement;
  readonly tournamentLine: HTMLElement;
}

export function findShell(): TableShell {
  return {
    table: element("#table"),
    seats: element("#seats"),
    status: element("#status"),
    own: element("#own"),
    hand: element("#hand"),
    moves: element("#moves"),
    standing: element("#standing"),
    overlay: element("#overlay"),
    showResult: element<HTMLButtonElement>("#show-result"),
    log: element("#log"),
    story: element("#story"),
    sheetBox: element<HTMLDetailsElement>("#sheet-box"),
    lobby: element("#lobby"),
    nameForm: element<HTMLFormElement>("#name-form"),
    nameField: element<HTMLInputElement>("#pseudonym"),
    invite: element<HTMLButtonElement>("#invite"),
    waits: element("#waits"),
    tournamentLine: element("#tournament-line"),
  };
}

/** The player's panel stays at the bottom of a phone's screen: whatever the page scrolls into view
 * (a focused tile, the last discard) is kept above it, never under it. */
export function followOwnPanel(own: HTMLElement): void {
  const set = (): void => {
    const sticky = window.getComputedStyle(own).position === "sticky";
    document.documentElement.style.setProperty("--own-height", sticky ? `${own.offsetHeight}px` : "0px");
  };
  new ResizeObserver(set).observe(own);
  window.addEventListener("resize", set);
  set();
}

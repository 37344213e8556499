// The seats around the table (SPEC §7's element contract, §7.1's additions): each seat's card (wind,
// name, who it is, score), its sets and bonus tiles and its discards, kept apart to the eye and grouped
// and named for assistive tools; a pure function of the frame (and the frame before it, for what is new).
import type { Dictionary, WordKey } from "../words";
import { make } from "../dom";
import { faces, type Frame, isWind, type Meld, positions, type Seat } from "./frame";
import { levelName, seatName, windName } from "./names";
import { lastDiscardSeat } from "./story";
import { tileElement } from "./tiles";

const MELD_WORDS: Readonly<Record<Meld["kind"], WordKey>> = {
  chow: "table.action.chow",
  pung: "table.action.pung",
  kong: "table.action.kong",
  "concealed-kong": "table.meld.concealed_kong",
};

/** The viewer's own seat: their wind at play, their lobby chair (`you`) before it. */
export function ownWind(frame: Frame): string | null {
  if (isWind(frame.viewer)) {
    return frame.viewer;
  }
  return frame.viewer === "seated" && isWind(frame.you) ? frame.you : null;
}

/** One element per seat, in the frame's order, each placed around the table (`data-position`). */
export function seatElements(frame: Frame, words: Dictionary, before: Frame | null): HTMLElement[] {
  const placed = positions(frame.seats, frame.viewer);
  const sameHand = before !== null && before.hand_number === frame.hand_number && before.state === frame.state;
  const last = frame.state === "lobby" ? null : lastDiscardSeat(frame);
  return frame.seats.map((seat) => {
    const earlier = sameHand ? before.seats.find((candidate) => candidate.wind === seat.wind) : undefined;
    const box = seatElement(frame, seat, words, earlier, last === seat.wind);
    box.dataset["position"] = placed.get(seat.wind) ?? "top";
    return box;
  });
}

function seatElement(frame: Frame, seat: Seat, words: Dictionary, earlier: Seat | undefined, last: boolean): HTMLElement {
  const box = make("section", "seat");
  const data = box.dataset;
  data["seat"] = seat.wind;
  data["name"] = seat.name;
  data["kind"] = seat.kind;
  data["score"] = String(seat.score);
  data["concealed"] = String(seat.concealed);
  if (frame.turn === seat.wind && frame.state === "playing") {
    data["turn"] = "true";
  }
  if (frame.awaited.includes(seat.wind)) {
    data["awaited"] = "true";
  }
  const own = ownWind(frame) === seat.wind;
  if (own) {
    data["you"] = "true";
  }
  if (frame.state !== "lobby" && frame.dealer === seat.wind) {
    data["dealer"] = "true";
  }
  const label = own ? `${seatName(frame, seat.wind, words)} · ${words.word("table.badge.you")}` : seatName(frame, seat.wind, words);
  box.setAttribute("aria-label", label);
  box.append(seatCard(frame, seat, words, own));
  if (frame.state !== "lobby") {
    box.append(setsRow(seat, words, earlier), discardsRow(seat, words, earlier, last));
    // Once the hand is over every hand is shown; the viewer's own is in #hand.
    if (!own && seat.hand !== undefined && seat.hand !== null && seat.hand.length > 0) {
      const revealed = make("div", "row revealed");
      revealed.dataset["hand"] = "";
      revealed.dataset["tiles"] = seat.hand.join("");
      revealed.setAttribute("aria-label", words.word("table.seat.hand"));
      revealed.setAttribute("role", "group");
      revealed.append(...seat.hand.map((face) => tileElement(face, words)));
      box.append(revealed);
    }
  }
  return box;
}

function seatCard(frame: Frame, seat: Seat, words: Dictionary, own: boolean): HTMLElement {
  const card = make("header", "card");
  const wind = make("span", "wind", windName(seat.wind, words));
  if (frame.state === "lobby") {
    wind.hidden = true; // a chair's wind is drawn at the start
  }
  const name = make("span", "name", seat.kind === "empty" ? words.word("table.kind.empty") : seat.name);
  card.append(wind, name);
  if (own) {
    card.append(make("strong", "you", words.word("table.badge.you")));
  }
  if (frame.state !== "lobby" && frame.dealer === seat.wind) {
    const dealer = make("span", "dealer", words.word("table.badge.dealer"));
    card.append(dealer);
  }
  const badges: string[] = [];
  if (seat.kind === "computer") {
    badges.push(levelName(seat.level, words));
  }
  if (frame.host === seat.wind && frame.state === "lobby") {
    badges.push(words.word("table.badge.host"));
  }
  if (seat.away === true) {
    badges.push(words.filled("table.badge.away_for", levelName(frame.computer_level, words), seat.name));
  }
  if (seat.calling === true) {
    badges.push(words.word("table.badge.calling"));
  }
  if (frame.state === "hand-over" && (frame.ready ?? []).includes(seat.wind)) {
    badges.push(words.word("table.badge.ready"));
  }
  if (badges.length > 0) {
    card.append(make("span", "badges", badges.join(" · ")));
  }
  if (frame.state !== "lobby") {
    card.append(make("span", "score", words.number(seat.score)));
    const concealed = make("span", "concealed", String(seat.concealed));
    concealed.title = words.word("table.seat.concealed");
    concealed.setAttribute("aria-label", `${words.word("table.seat.concealed")}: ${seat.concealed}`);
    card.append(concealed);
  }
  return card;
}

/** The seat's sets, each its own named group, and its bonus tiles apart; a new set lit up a moment. */
function setsRow(seat: Seat, words: Dictionary, earlier: Seat | undefined): HTMLElement {
  const row = make("div", "row sets");
  row.setAttribute("aria-label", words.word("table.seat.melds"));
  row.setAttribute("role", "group");
  seat.melds.forEach((meld, index) => {
    const before = earlier?.melds[index];
    const changed = before === undefined || before.tiles !== meld.tiles || before.kind !== meld.kind;
    const set = make("span", earlier !== undefined && changed ? "meld fresh" : "meld");
    set.dataset["meld"] = "";
    set.dataset["kind"] = meld.kind;
    set.dataset["tiles"] = meld.tiles;
    set.setAttribute("role", "group");
    const tiles = faces(meld.tiles);
    const named = tiles.map((face) => words.tileName(face)).join(", ");
    set.setAttribute("aria-label", `${words.word(MELD_WORDS[meld.kind])}: ${named}`);
    set.append(
      ...tiles.map((face, at) =>
        tileElement(face, words, meld.kind === "concealed-kong" && (at === 0 || at === tiles.length - 1) ? "down" : ""),
      ),
    );
    row.append(set);
  });
  const bonus = make("span", "bonus");
  bonus.dataset["bonus"] = "";
  bonus.dataset["tiles"] = seat.bonus.join("");
  bonus.setAttribute("role", "group");
  bonus.setAttribute("aria-label", words.word("table.seat.bonus"));
  bonus.append(...seat.bonus.map((face) => tileElement(face, words)));
  row.append(bonus);
  return row;
}

/** The seat's discards in order; the hand's last discard, while it lies here, marked until the next. */
function discardsRow(seat: Seat, words: Dictionary, earlier: Seat | undefined, last: boolean): HTMLElement {
  const row = make("div", "row discards");
  row.dataset["discards"] = "";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", words.word("table.seat.discards"));
  const count = earlier?.discards.length ?? seat.discards.length;
  row.append(
    ...seat.discards.map((face, index) => {
      const tile = tileElement(face, words, index >= count ? "fresh" : "");
      if (last && index === seat.discards.length - 1) {
        tile.dataset["last"] = "true";
        tile.setAttribute("aria-label", `${words.tileName(face)} · ${words.word("table.last_discard")}`);
      }
      return tile;
    }),
  );
  return row;
}

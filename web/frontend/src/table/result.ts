// The end of a hand (SPEC §7.1's result) and of the match: who won, how, the winning hand with its
// winning tile marked, each pattern with its fan or points, each seat's payment, who is ready for the
// next hand; then the match's final standings. Pure functions of the frame.
import type { Dictionary, WordKey } from "../words";
import { make } from "../dom";
import { faces, type Frame, type RatingChange, type Result } from "./frame";
import { seatName } from "./names";
import { tileElement } from "./tiles";

/** Each pattern once, in the order scored, with how many times it scored and its value in all. */
export function patternLines(result: Result): { pattern: string; count: number; value: number | null }[] {
  const lines = new Map<string, { pattern: string; count: number; value: number | null }>();
  const values = result.breakdown ?? null;
  const scored = values === null ? result.patterns.map((pattern) => ({ pattern, value: null })) : values;
  for (const { pattern, value } of scored) {
    const line = lines.get(pattern) ?? { pattern, count: 0, value: null };
    line.count += 1;
    line.value = value === null ? line.value : (line.value ?? 0) + value;
    lines.set(pattern, line);
  }
  return [...lines.values()];
}

/** A payment as the result says it: +24, −8, 0, and fractions to two places. */
export function signed(amount: number, words: Dictionary): string {
  const sign = amount > 0 ? "+" : amount < 0 ? "−" : "";
  const whole = Math.trunc(Math.abs(amount));
  const rest = Math.abs(amount) - whole;
  const fraction = rest > 0 ? (Math.round(rest * 100) / 100).toString().slice(1) : "";
  return `${sign}${words.number(whole)}${fraction}`;
}

/** The hand's result card (`#result`), with a slot (`.result-clock`) for the next hand's countdown. */
export function resultElement(frame: Frame, result: Result, words: Dictionary): HTMLElement {
  const box = make("section", "result");
  box.id = "result";
  box.dataset["winner"] = result.winner ?? "";
  box.dataset["score"] = String(result.score);
  box.dataset["selfDrawn"] = String(result.self_drawn);
  box.setAttribute("aria-labelledby", "result-title");
  const title = make("h2");
  title.id = "result-title";
  box.append(title);
  if (result.winner === null) {
    title.textContent = words.word("table.result.drawn");
  } else {
    title.textContent = words.filled("table.result.wins", seatName(frame, result.winner, words));
    const discarder = result.discarder ?? null;
    const how = result.self_drawn
      ? words.word("table.result.self_drawn")
      : discarder !== null
        ? words.filled("table.result.dealt_in", seatName(frame, discarder, words))
        : words.word("table.result.on_discard");
    box.append(make("p", "how", how), winningHand(frame, result, words));
    if (frame.rules !== "family") {
      const scoreWord: WordKey = frame.rules === "hongkong" ? "table.result.fan" : "table.result.score";
      const score = make("p", "score");
      score.append(make("span", "label", words.word(scoreWord)), make("strong", "", words.number(result.score)));
      box.append(score);
    }
  }
  const lines = patternLines(result);
  if (lines.length > 0) {
    const list = make("ul", "patterns");
    list.setAttribute("aria-label", words.word("table.result.patterns"));
    const unit: WordKey = frame.rules === "hongkong" ? "table.result.fan_value" : "table.result.points_value";
    list.append(
      ...lines.map(({ pattern, count, value }) => {
        const name = result.names?.[pattern] ?? pattern;
        const item = make("li");
        item.dataset["pattern"] = pattern;
        item.dataset["count"] = String(count);
        item.dataset["value"] = value === null ? "" : String(value);
        item.append(make("span", "name", count > 1 ? `${name} × ${count}` : name));
        if (value !== null) {
          item.append(make("span", "value", words.filled(unit, words.number(value))));
        }
        return item;
      }),
    );
    box.append(list);
  }
  box.append(paymentsList(frame, result, words));
  if (result.wall_seed !== undefined && result.wall_seed !== null) {
    // the wall's seed, revealed: with the commitment shown at the start, anyone can check the deal
    box.append(make("p", "seed", `${words.word("table.result.seed")}: ${String(result.wall_seed)}`));
  }
  box.append(make("p", "result-clock"));
  return box;
}

/** The winner's whole hand (concealed tiles, then sets), the winning tile marked. */
function winningHand(frame: Frame, result: Result, words: Dictionary): HTMLElement {
  const row = make("div", "winning-hand");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", words.word("table.result.winning_hand"));
  const seat = frame.seats.find((candidate) => candidate.wind === result.winner);
  const hand = [...(seat?.hand ?? [])];
  const winning = result.winning_tile;
  let marked = false;
  const tiles = hand.map((face) => tileElement(face, words));
  // the winning tile: the last of its face in the hand (the hand is sorted; which copy is a matter of looks)
  for (let index = tiles.length - 1; index >= 0 && winning !== null; index -= 1) {
    const tile = tiles[index];
    if (tile !== undefined && hand[index] === winning) {
      tile.dataset["winning"] = "true";
      tile.setAttribute("aria-label", `${words.tileName(winning)} · ${words.word("table.result.winning_tile")}`);
      marked = true;
      break;
    }
  }
  const concealed = make("span", "concealed-tiles");
  concealed.append(...tiles);
  row.append(concealed);
  for (const meld of seat?.melds ?? []) {
    const set = make("span", "meld");
    const shown = faces(meld.tiles);
    set.append(...shown.map((face) => tileElement(face, words)));
    row.append(set);
  }
  if (!marked && winning !== null) {
    // a winning tile not among the concealed ones (a robbed kong's, say): shown apart, marked
    const tile = tileElement(winning, words);
    tile.dataset["winning"] = "true";
    tile.setAttribute("aria-label", `${words.tileName(winning)} · ${words.word("table.result.winning_tile")}`);
    row.append(tile);
  }
  return row;
}

function paymentsList(frame: Frame, result: Result, words: Dictionary): HTMLElement {
  const list = make("ul", "payments");
  list.setAttribute("aria-label", words.word("table.result.payments"));
  const ready = new Set(frame.ready ?? []);
  for (const seat of frame.seats) {
    const amount = result.payments[seat.wind];
    if (typeof amount !== "number") {
      continue;
    }
    const item = make("li");
    item.dataset["wind"] = seat.wind;
    item.dataset["amount"] = String(amount);
    if (amount > 0) {
      item.dataset["sign"] = "gain";
    } else if (amount < 0) {
      item.dataset["sign"] = "loss";
    }
    item.append(
      make("span", "name", seatName(frame, seat.wind, words)),
      make("span", "amount", signed(amount, words)),
      make("span", "total", words.number(seat.score)),
    );
    if (ready.has(seat.wind)) {
      item.append(make("span", "ready", words.word("table.badge.ready")));
    }
    list.append(item);
  }
  return list;
}

/** A member's rating change as the match end says it: "Rating 1012 → 1031 (+19)". */
export function ratingText(change: RatingChange, words: Dictionary): string {
  return words.filled(
    "table.match.rating",
    words.number(change.before),
    words.number(change.after),
    signed(change.after - change.before, words),
  );
}

/** The match's end, a screen of its own: the final standings, best first, each member's rating change
 * once the match is rated, and another match. */
export function matchEndElement(frame: Frame, words: Dictionary): HTMLElement {
  const box = make("section", "match-end");
  box.id = "match-end";
  box.setAttribute("aria-labelledby", "match-end-title");
  const title = make("h2", "", words.word("table.match_over"));
  title.id = "match-end-title";
  box.append(title, make("h3", "", words.word("table.match.standings")));
  const list = make("ol");
  const ranked = [...frame.seats].filter((seat) => seat.kind !== "empty").sort((a, b) => b.score - a.score);
  list.append(
    ...ranked.map((seat, index) => {
      const item = make("li");
      item.dataset["wind"] = seat.wind;
      item.dataset["score"] = String(seat.score);
      item.dataset["rank"] = String(index + 1);
      item.append(make("span", "name", seatName(frame, seat.wind, words)), make("span", "amount", words.number(seat.score)));
      const change = frame.ratings?.find((rating) => rating.wind === seat.wind);
      if (change !== undefined) {
        const rating = make("span", "rating", ratingText(change, words));
        rating.dataset["before"] = String(change.before);
        rating.dataset["after"] = String(change.after);
        item.dataset["rating"] = String(change.after - change.before);
        item.append(rating);
      }
      return item;
    }),
  );
  box.append(list);
  return box;
}

/** What a new match with the same settings is opened with: SPEC §7's /table/new fields (a practice
 * table's deal kept, so it stays practice). */
export function sameSettings(frame: Frame): Record<string, string> {
  const fields: Record<string, string> = {
    rules: frame.rules,
    computers: String(frame.seats.filter((seat) => seat.kind === "computer").length),
  };
  if (typeof frame.length === "string" && frame.length !== "") {
    fields["length"] = frame.length;
  }
  if (typeof frame.deal === "string" && /^\d+$/.test(frame.deal)) {
    fields["seed"] = frame.deal;
  }
  return fields;
}

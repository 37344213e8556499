// The score sheet (SPEC §7.1's `#sheet`): a row per finished hand of the match, each opening that hand's
// replay (§7.2) from the viewer's seat of that hand. A pure function of the frame.
import type { Dictionary } from "../words";
import { make } from "../dom";
import type { Frame, SheetRow } from "./frame";
import { windName } from "./names";
import { ownWind } from "./seats";

/** The replay address of a finished hand, from `seat`'s point of view when the viewer sat in it. */
export function replayHref(table: string, hand: number, seat: string | null): string {
  const base = `/replay/${encodeURIComponent(table)}/${hand}`;
  return seat === null ? base : `${base}?${new URLSearchParams({ seat }).toString()}`;
}

/** The viewer's wind in a past hand: the wind their name held then. */
function viewerWindIn(frame: Frame, row: SheetRow): string | null {
  const own = ownWind(frame);
  const name = frame.seats.find((seat) => seat.wind === own)?.name;
  if (name === undefined || row.names === undefined) {
    return null;
  }
  return Object.entries(row.names).find(([, seatName]) => seatName === name)?.[0] ?? null;
}

export function sheetRows(frame: Frame, words: Dictionary): HTMLTableRowElement[] {
  return (frame.sheet ?? []).map((row) => {
    const line = make("tr");
    line.dataset["hand"] = String(row.hand);
    line.dataset["winner"] = row.winner ?? "";
    line.dataset["score"] = String(row.score);
    const link = make("a", "", words.number(row.hand));
    link.href = replayHref(frame.table, row.hand, viewerWindIn(frame, row));
    link.setAttribute("aria-label", words.filled("table.sheet.replay", words.number(row.hand)));
    const number = make("td");
    number.append(link);
    const winnerName = row.winner === null ? null : (row.names?.[row.winner] ?? "");
    const winner =
      row.winner === null
        ? words.word("table.sheet.drawn")
        : `${winnerName ?? ""} (${windName(row.winner, words)})${row.self_drawn === true ? ` · ${words.word("table.sheet.self_drawn")}` : ""}`;
    line.append(number, make("td", "winner", winner), make("td", "score", row.winner === null ? "–" : words.number(row.score)));
    return line;
  });
}

/** The sheet's table: its header and a row per finished hand. */
export function sheetTable(frame: Frame, words: Dictionary): HTMLTableElement {
  const table = make("table", "sheet");
  table.id = "sheet";
  const caption = make("caption", "", words.word("table.sheet"));
  const head = make("thead");
  const header = make("tr");
  const unit = frame.rules === "hongkong" ? "table.result.fan" : "table.result.score";
  for (const text of [words.word("table.figure.hand"), words.word("table.sheet.winner"), words.word(unit)]) {
    const cell = make("th", "", text);
    cell.scope = "col";
    header.append(cell);
  }
  head.append(header);
  const body = make("tbody");
  body.append(...sheetRows(frame, words));
  table.append(caption, head, body);
  return table;
}

/** The score sheet's box, shown once a hand is finished; its table drawn again only when a row (or the
 * page's language) changes, so an open sheet keeps its scroll. */
export function drawSheet(box: HTMLDetailsElement, frame: Frame, words: Dictionary): void {
  const rows = frame.sheet ?? [];
  box.hidden = rows.length === 0;
  const key = JSON.stringify([words.lang, rows]);
  if (box.dataset["key"] !== key) {
    box.dataset["key"] = key;
    box.querySelector("#sheet")?.remove();
    box.append(sheetTable(frame, words));
  }
}

// Every word the page shows, from the server's catalog domain `web` (`GET /api/words`), in the page's
// language. The keys are listed here once, so a missing one is a type error; `web/words.py`'s
// PAGE_WORDS is the same list for the server (tests/web/test_frontend_build.py compares them).
// The server serves them unfilled (no `{placeholders}`): a `#` in a word is a slot the page fills
// itself (`Dictionary.filled`), as in "# on today's leaderboard" or the ordinal "#th".
export const PAGE_WORD_KEYS = [
  "page.title",
  "page.board",
  "mode.daily",
  "mode.free",
  "figure.score",
  "figure.clock",
  "figure.pairs",
  "figure.seed",
  "action.undo",
  "action.pause",
  "action.resume",
  "action.finish",
  "action.finish_confirm",
  "action.hint",
  "action.new_daily",
  "action.new_free",
  "state.loading",
  "state.paused",
  "state.cleared",
  "state.stuck",
  "state.finished",
  "tile.covered",
  "placed.daily",
  "placed.free",
  "placed.none",
  "ordinal.one",
  "ordinal.two",
  "ordinal.few",
  "ordinal.other",
  "leaderboard.daily",
  "leaderboard.free",
  "leaderboard.empty",
  "leaderboard.you",
  "name.label",
  "name.save",
  "name.saved",
  "error.network",
  "number.thousands",
  "activity.player",
  "activity.failed",
] as const;

export type WordKey = (typeof PAGE_WORD_KEYS)[number];

// The ordinal forms a catalog words (Intl.PluralRules' categories: English has all four, French one
// and other, Chinese other alone); any other category a language has reads `ordinal.other`.
const ORDINAL_KEYS: Readonly<Partial<Record<Intl.LDMLPluralRule, WordKey>>> = {
  one: "ordinal.one",
  two: "ordinal.two",
  few: "ordinal.few",
  other: "ordinal.other",
};

export interface Words {
  readonly lang: string;
  readonly words: Readonly<Record<string, string>>;
  readonly tiles: Readonly<Record<string, string>>;
}

export class Dictionary {
  constructor(private readonly source: Words) {}

  get lang(): string {
    return this.source.lang;
  }

  word(key: WordKey): string {
    // The key itself rather than nothing if the server's catalog lacks it: visible, and a test fails on it.
    return this.source.words[key] ?? key;
  }

  /** The word `key` with its `#` slot filled by `value`. */
  filled(key: WordKey, value: string): string {
    return this.word(key).replace("#", value);
  }

  // 12th, 1st in English, 1er, 12e in French, 第 12 名 in Chinese: the catalog's form for the rank's
  // ordinal category in the page's language.
  ordinal(rank: number): string {
    const category = new Intl.PluralRules(this.lang.replace("_", "-"), { type: "ordinal" }).select(rank);
    return this.filled(ORDINAL_KEYS[category] ?? "ordinal.other", this.number(rank));
  }

  tileName(face: string): string {
    return this.source.tiles[face] ?? face;
  }

  // 9 856 in English and French, 9,856 in Hong Kong Chinese: the catalog's separator, as the bot writes scores.
  number(value: number): string {
    const separator = this.word("number.thousands");
    return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  }
}

// The clock as the figures show it: 4:07, or 1:02:09 past an hour.
export function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

import type { PAGE_WORD_KEYS } from "./page_words";

// Every word the page shows, from the server's catalog domain `web` (`GET /api/words`), in the page's
// language. The keys are web/words.py's PAGE_WORDS, written into page_words.ts by `python -m
// web.build_words`, so a word the server does not serve is a type error here.
// The server serves them unfilled (no `{placeholders}`): a `#` in a word is a slot the page fills
// itself (`Dictionary.filled`), as in "# on today's leaderboard" or the ordinal "#th".
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

  /** The word `key` with its slots filled (each value taken as it is: a player's name may hold `$&`): a
   * word with one slot writes it `#`; a word with several numbers them `#1`, `#2`, so a language may
   * put them in its own order. */
  filled(key: WordKey, ...values: string[]): string {
    return this.word(key).replace(/#([1-9]?)/g, (_, digit: string) => values[digit === "" ? 0 : Number(digit) - 1] ?? "");
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

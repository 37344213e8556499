// Every word the page shows, from the server's catalog domain `web` (`GET /api/words`), in the page's
// language. The keys are listed here once, so a missing one is a type error; `web/words.py`'s
// PAGE_WORDS is the same list for the server (tests/web/test_frontend_build.py compares them).
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

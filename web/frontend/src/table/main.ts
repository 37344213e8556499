// The four-player table as a page (SPEC §7, §7.1): the shell made ready, the player signed in when the
// page is Discord's Activity, the page's words fetched, then the table's socket opened. What the page
// does with the table's frames and the player's presses is page.ts's.
import { ApiError, fetchWords } from "../api";
import { setSpriteSheetVariables } from "../layout";
import { Dictionary } from "../words";
import { tableIdOf } from "./address";
import { joinDiscordTable } from "./inside_discord";
import { KEYS_ONLY, TablePage } from "./page";
import { findShell, followOwnPanel } from "./shell";
import type { Hello } from "./socket";

const params = new URLSearchParams(window.location.search);
const activity = params.has("frame_id");
const shell = findShell();
shell.table.dataset["tableId"] = tableIdOf(window.location.pathname);
setSpriteSheetVariables(document.body.style);
followOwnPanel(shell.own);
const page = new TablePage(shell, activity);
void start(params.get("lang"));

async function start(lang: string | null): Promise<void> {
  let hello: Hello | null = null;
  if (activity) {
    hello = await joinDiscord(lang);
    if (hello === null) {
      return;
    }
  }
  let words = new Dictionary(KEYS_ONLY);
  try {
    words = new Dictionary(await fetchWords(lang));
  } catch {
    // the page still plays without its words: each shows its key
  }
  page.useWords(words);
  page.play(hello);
}

/** The Activity's sign-in: the hello the socket says first, or null when the page cannot start (said
 * in its status). */
async function joinDiscord(lang: string | null): Promise<Hello | null> {
  try {
    const joined = await joinDiscordTable();
    page.inviteWith(joined.invite);
    return joined.hello;
  } catch (error) {
    const words = new Dictionary(await fetchWords(lang).catch(() => KEYS_ONLY));
    page.useWords(words);
    shell.status.textContent =
      error instanceof ApiError && error.message !== "" ? error.message : words.word("activity.failed");
    return null;
  }
}

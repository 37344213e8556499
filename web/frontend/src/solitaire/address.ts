// The solitaire page's address (SPEC §6): the mode and seed it asks for, and its mode links, which
// inside Discord keep Discord's parameters (or the page would load as standalone there).
import type { Mode } from "../api";

// Discord's own parameters of an Activity's URL (kept when the page moves between its modes there).
const DISCORD_PARAMS = [
  "frame_id",
  "instance_id",
  "platform",
  "guild_id",
  "channel_id",
  "location_id",
  "custom_id",
  "referrer_id",
  "mobile_app_version",
];

/** The mode the address asks for (daily unless it says free), and a free deal's seed if it names one. */
export function requestedMode(params: URLSearchParams): { mode: Mode; seed: number | null } {
  const mode: Mode = params.get("mode") === "free" ? "free" : "daily";
  const seed = Number.parseInt(params.get("seed") ?? "", 10);
  return { mode, seed: mode === "free" && Number.isSafeInteger(seed) && seed >= 0 ? seed : null };
}

/** A mode link's address inside Discord: the mode, with Discord's parameters and the language of `current`. */
export function activityModeHref(mode: string, current: URLSearchParams): string {
  const target = new URLSearchParams({ mode });
  for (const name of [...DISCORD_PARAMS, "lang"]) {
    const value = current.get(name);
    if (value !== null) {
      target.set(name, value);
    }
  }
  return `?${target.toString()}`;
}

/** The links of the page inside Discord: the mode links keep Discord's parameters, and the link to a
 * table of the page's own is hidden (in Discord, the Activity opens a thread's table). */
export function keepDiscordLinks(current: URLSearchParams): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-mode-link]")) {
    link.href = activityModeHref(link.dataset["modeLink"] ?? "daily", current);
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-table-link]")) {
    link.hidden = true;
  }
}

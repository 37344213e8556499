// The solitaire page inside Discord (an Activity): Discord's handshake and our server's session, through
// ../discord.ts, loaded only here (a bundle of its own the standalone page never fetches).
import { exchangeCode, fetchClientId, handOver, openSession, useSession } from "../api";
import { element } from "../dom";

/** Signs the member in and shows who plays; `layoutChanged` hears when Discord shrinks the Activity to
 * its small window (true) or gives it back its view. False when the Activity is a thread's table: the
 * page is leaving for it. Throws when the page cannot start. */
export async function joinActivity(layoutChanged: (pip: boolean) => void): Promise<boolean> {
  const { joinDiscord } = await import("../discord");
  const joined = await joinDiscord({ clientId: fetchClientId, token: exchangeCode, session: openSession }, (layout) =>
    layoutChanged(layout === "pip"),
  );
  const table = joined.player.table;
  if (typeof table === "string" && table !== "") {
    // launched in a table's thread: the Activity is that table (Discord's parameters kept)
    handOver(joined.player, joined.instanceId);
    window.location.replace(`/table/${encodeURIComponent(table)}${window.location.search}`);
    return false;
  }
  useSession(joined.player.session, joined.instanceId);
  const player = element<HTMLElement>("#player");
  player.dataset["memberId"] = joined.player.member.id;
  element<HTMLElement>("#player-name").textContent = joined.player.member.name;
  player.hidden = false;
  return true;
}

// The table page inside Discord (an Activity): Discord's handshake and our server's session, through
// ../discord.ts, loaded only here (a bundle of its own the standalone page never fetches).
import { exchangeCode, fetchClientId, handedOver, openSession, useSession } from "../api";
import { element } from "../dom";
import type { Hello } from "./socket";

export interface InDiscord {
  // what the socket says first
  readonly hello: Hello;
  // Discord's own invite dialog (false: the client could not open it)
  readonly invite: () => Promise<boolean>;
}

/** Signs the member in, shows who plays, follows Discord's layout; throws when the page cannot start. */
export async function joinDiscordTable(): Promise<InDiscord> {
  document.body.dataset["surface"] = "activity";
  const { joinDiscord } = await import("../discord");
  const steps = { clientId: fetchClientId, token: exchangeCode, session: openSession };
  const instance = new URLSearchParams(window.location.search).get("instance_id");
  const joined = await joinDiscord(
    steps,
    (layout) => {
      document.body.dataset["layout"] = layout;
    },
    handedOver(instance),
  );
  useSession(joined.player.session, joined.instanceId);
  const player = element<HTMLElement>("#player");
  player.dataset["memberId"] = joined.player.member.id;
  element<HTMLElement>("#player-name").textContent = joined.player.member.name;
  player.hidden = false;
  return { hello: { session: joined.player.session, instance: joined.instanceId }, invite: joined.invite };
}

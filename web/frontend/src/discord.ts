// The page inside Discord (an Activity): the Embedded App SDK's handshake with Discord's client, then
// who plays, proved by our server. Loaded by each page's inside_discord.ts with a dynamic import only
// when the page's URL has Discord's `frame_id`, so esbuild bundles it (with the SDK) into a chunk of its
// own and the standalone page never loads it. It imports nothing of the page's other modules (types
// apart): the server calls come in as `steps`, so no code is shared between the two bundles.
import { Common, DiscordSDK, Platform } from "@discord/embedded-app-sdk";
import type { ActivitySession } from "./api";

// Without an answer from Discord's client this long (the page opened with Discord's parameters but not
// in Discord, or a client too old), the page says it cannot start rather than waiting for ever.
const HANDSHAKE_MS = 15_000;

/** The server's three Activity routes, as the pages call them (api.ts). */
export interface ActivitySteps {
  readonly clientId: () => Promise<string>;
  readonly token: (code: string) => Promise<string>;
  readonly session: (accessToken: string, instanceId: string) => Promise<ActivitySession>;
}

export interface Joined {
  readonly player: ActivitySession;
  readonly instanceId: string;
  // Discord's own invite dialog for this Activity (false: the client could not open it)
  readonly invite: () => Promise<boolean>;
}

/** How Discord shows the Activity: its whole view, or the small picture-in-picture window a member
 * leaves it in while they read or talk elsewhere (a grid of Activities counts as the whole view). */
export type Layout = "focused" | "pip";

/** Discord's client did not answer the handshake in time. */
export class NoDiscord extends Error {}

function withinHandshake<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new NoDiscord("Discord's client did not answer")), HANDSHAKE_MS);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The Activity's flow (SPEC §6, the contract's "Identity in the Activity"): the client id from our
 * server, `ready()`, `authorize` (scope `identify` only), the code exchanged by our server,
 * `authenticate`, then our server's session for the SDK's instance. The member and their server come
 * from our server's own checks with Discord, never from this page. */
export async function joinDiscord(
  steps: ActivitySteps,
  onLayout: (layout: Layout) => void,
  handedOver: ActivitySession | null = null,
): Promise<Joined> {
  const clientId = await steps.clientId();
  // The SDK reads frame_id, instance_id and platform from the URL (and throws without them).
  const sdk = new DiscordSDK(clientId);
  await withinHandshake(sdk.ready());
  if (sdk.platform === Platform.MOBILE) {
    // The pyramid is laid out for a phone held upright; a client without the command keeps its own.
    const portrait = Common.OrientationLockStateTypeObject.PORTRAIT;
    void sdk.commands
      .setOrientationLockState({ lock_state: portrait, picture_in_picture_lock_state: portrait })
      .catch(() => undefined);
  }
  if (handedOver !== null) {
    // the page before in this frame signed the member in a moment ago: its session stands
    followLayout(sdk, onLayout);
    return { player: handedOver, instanceId: sdk.instanceId, invite: () => openInvite(sdk) };
  }
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const accessToken = await steps.token(code);
  await sdk.commands.authenticate({ access_token: accessToken });
  followLayout(sdk, onLayout);
  const player = await steps.session(accessToken, sdk.instanceId);
  return { player, instanceId: sdk.instanceId, invite: () => openInvite(sdk) };
}

function openInvite(sdk: DiscordSDK): Promise<boolean> {
  return sdk.commands.openInviteDialog().then(
    () => true,
    () => false,
  );
}

function followLayout(sdk: DiscordSDK, onLayout: (layout: Layout) => void): void {
  // A client without the event keeps the whole view: the page never hears of a small window then.
  void sdk
    .subscribe("ACTIVITY_LAYOUT_MODE_UPDATE", ({ layout_mode }) =>
      onLayout(layout_mode === Common.LayoutModeTypeObject.PIP ? "pip" : "focused"),
    )
    .catch(() => undefined);
}

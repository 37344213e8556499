// The solitaire page (SPEC §6): the game the address asks for (solitaire/address.ts), played by
// solitaire/page.ts. The element contract (ids, data- attributes, aria) is SPEC §6's table.
import { requestedMode } from "./solitaire/address";
import { SolitairePage } from "./solitaire/page";

const params = new URLSearchParams(window.location.search);
const { mode, seed } = requestedMode(params);
new SolitairePage(mode, seed, params.has("frame_id")).start(params.get("lang"));

// The table's socket (SPEC §7): opened on the page's own origin (ws: or wss: as the page), kept open by
// reconnecting with a growing, jittered delay after each close; every (re)opened socket first says
// `hello` in the Activity, with the member's session and the instance it is of (a browser cannot set a
// header on a WebSocket).
import { type ClientMessage, parseMessage, type ServerMessage } from "./frame";

// The first retry comes after about a second, each next one later, up to half a minute.
const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;
// A silent socket (a network that dropped without a word) is found by asking: a ping every 10 s when
// nothing else came, and a socket that said nothing for 25 s is given up and opened again, so the page
// notices within 30 s (SPEC §7.1) — sooner when the browser says it went offline.
const PING_MS = 10_000;
const SILENT_MS = 25_000;

export type Connection = "connecting" | "open" | "reconnecting" | "stopped";

/** The Activity's sign-in, said first on every socket. */
export interface Hello {
  readonly session: string;
  readonly instance: string;
}

export interface SocketEvents {
  readonly message: (message: ServerMessage) => void;
  readonly connection: (state: Connection) => void;
}

/** The socket's address beside the page's: `/table/<id>` → `ws(s)://<host>/table/<id>/socket?lang=…`
 * (a path prefix, such as Discord's proxy's, kept). */
export function socketUrl(location: Location, lang: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const path = location.pathname.replace(/\/+$/, "");
  return `${scheme}//${location.host}${path}/socket?${new URLSearchParams({ lang }).toString()}`;
}

export class TableSocket {
  private socket: WebSocket | null = null;
  private delay = FIRST_DELAY_MS;
  private timer: number | null = null;
  private stopped = false;
  private heard = 0;
  private pinged = 0;
  private watch: number | null = null;

  constructor(
    private readonly url: string,
    private readonly hello: Hello | null,
    private readonly on: SocketEvents,
  ) {}

  open(): void {
    this.stopped = false;
    window.addEventListener("offline", () => this.lost());
    window.addEventListener("online", () => {
      if (this.socket === null && !this.stopped) {
        if (this.timer !== null) {
          window.clearTimeout(this.timer);
        }
        this.connect(true); // back online: at once, not after the backoff
      }
    });
    this.connect(false);
  }

  /** Sends `message` when the socket is open; false when it is not (the move is not made). */
  send(message: ClientMessage): boolean {
    if (this.socket === null || this.socket.readyState !== WebSocket.OPEN) {
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** No more reconnecting (the table is closed): the socket is let go. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) {
      window.clearTimeout(this.timer);
      this.timer = null;
    }
    this.stopWatching();
    this.socket?.close(1000);
    this.socket = null;
    this.on.connection("stopped");
  }

  /** The socket is taken for dead (offline, or silent too long): let go and opened again. */
  private lost(): void {
    const socket = this.socket;
    if (socket === null || this.stopped) {
      return;
    }
    this.socket = null;
    this.stopWatching();
    socket.close(4000);
    this.retry();
  }

  private startWatching(): void {
    this.stopWatching();
    this.heard = Date.now();
    this.watch = window.setInterval(() => {
      const quiet = Date.now() - this.heard;
      if (quiet >= SILENT_MS) {
        this.lost();
      } else if (quiet >= PING_MS && Date.now() - this.pinged >= PING_MS) {
        this.pinged = Date.now();
        this.send({ type: "ping" });
      }
    }, 1000);
  }

  private stopWatching(): void {
    if (this.watch !== null) {
      window.clearInterval(this.watch);
      this.watch = null;
    }
  }

  private connect(again: boolean): void {
    this.timer = null;
    this.on.connection(again ? "reconnecting" : "connecting");
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.hello !== null) {
        const hello: ClientMessage = { type: "hello", session: this.hello.session, instance: this.hello.instance };
        socket.send(JSON.stringify(hello));
      }
      this.startWatching();
      this.on.connection("open");
    });
    socket.addEventListener("message", (event: MessageEvent<unknown>) => {
      if (this.socket === socket) {
        this.heard = Date.now();
      }
      if (typeof event.data !== "string") {
        return;
      }
      const message = parseMessage(event.data);
      if (message !== null) {
        if (message.type === "frame") {
          // a frame is a working connection: the next loss retries soon again
          this.delay = FIRST_DELAY_MS;
        }
        this.on.message(message);
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket === socket) {
        this.socket = null;
        this.stopWatching();
        this.retry();
      }
    });
  }

  private retry(): void {
    if (this.stopped) {
      return;
    }
    this.on.connection("reconnecting");
    if (!navigator.onLine) {
      return; // no network: the "online" event opens the socket again, no try before it
    }
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(LONGEST_DELAY_MS, this.delay * 2);
    this.timer = window.setTimeout(() => this.connect(true), wait);
  }
}

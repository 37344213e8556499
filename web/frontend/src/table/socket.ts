// The table's socket (SPEC §7): opened on the page's own origin (ws: or wss: as the page), kept open by
// reconnecting with a growing, jittered delay after each close; every (re)opened socket first says
// `hello` in the Activity, with the member's session and the instance it is of (a browser cannot set a
// header on a WebSocket).
import { type ClientMessage, parseMessage, type ServerMessage } from "./frame";

// The first retry comes after about a second, each next one later, up to half a minute.
const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;

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

  constructor(
    private readonly url: string,
    private readonly hello: Hello | null,
    private readonly on: SocketEvents,
  ) {}

  open(): void {
    this.stopped = false;
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
    this.socket?.close(1000);
    this.socket = null;
    this.on.connection("stopped");
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
      this.on.connection("open");
    });
    socket.addEventListener("message", (event: MessageEvent<unknown>) => {
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
        this.retry();
      }
    });
  }

  private retry(): void {
    if (this.stopped) {
      return;
    }
    this.on.connection("reconnecting");
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(LONGEST_DELAY_MS, this.delay * 2);
    this.timer = window.setTimeout(() => this.connect(true), wait);
  }
}

// What the page says to the table over its socket: any message, and at most one move a step, so a
// second press before the server answered the first sends nothing.
import type { ClientMessage, Frame } from "./frame";
import type { TableSocket } from "./socket";

export class Outbox {
  private socket: TableSocket | null = null;
  // The step a move was sent at (null: none waits on the server's answer).
  private sentStep: number | null = null;

  open(socket: TableSocket): void {
    this.socket = socket;
    socket.open();
  }

  /** Sends `message`; a move is of `frame`'s step, and none is sent before a frame came. */
  send(message: ClientMessage, frame: Frame | null): void {
    if (message.type === "move") {
      if (frame === null || this.sentStep === frame.step) {
        return;
      }
      if (this.socket?.send(message) === true) {
        this.sentStep = frame.step;
      }
      return;
    }
    this.socket?.send(message);
  }

  /** The move sent was answered (a refusal, a new step) or may never have arrived (the socket opened
   * again): the next move may be sent. */
  answered(): void {
    this.sentStep = null;
  }

  stop(): void {
    this.socket?.stop();
  }
}

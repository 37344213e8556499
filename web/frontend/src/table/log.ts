// What happened in the hand (SPEC §7.1's `#log`): a line per public event, newest last, each naming its
// seat, its kind and its public tiles. Lines already shown stay as they are, so a screen reader reads
// each new one once (the log is a polite live region).
import type { Dictionary } from "../words";
import { make } from "../dom";
import type { Frame, LogEvent } from "./frame";
import { eventText } from "./story";

export function logLine(frame: Frame, event: LogEvent, words: Dictionary): HTMLLIElement {
  const line = make("li", "", eventText(frame, event, words));
  line.dataset["seat"] = event.seat;
  line.dataset["event"] = event.event;
  line.dataset["tiles"] = event.tiles;
  return line;
}

/** Brings `list` to the frame's log: the lines it has kept when they are the log's first ones (the same
 * hand going on), else all drawn again (a new hand, or a page that missed frames it can't tell). */
export function updateLog(list: HTMLElement, frame: Frame, words: Dictionary): void {
  const events = frame.log ?? [];
  const shown = [...list.children] as HTMLElement[];
  const same = (line: HTMLElement | undefined, event: LogEvent): boolean =>
    line !== undefined &&
    line.dataset["seat"] === event.seat &&
    line.dataset["event"] === event.event &&
    line.dataset["tiles"] === event.tiles;
  const kept = shown.length <= events.length && shown.every((line, index) => {
    const event = events[index];
    return event !== undefined && same(line, event);
  });
  if (!kept || list.dataset["lang"] !== words.lang) {
    list.dataset["lang"] = words.lang;
    list.replaceChildren(...events.map((event) => logLine(frame, event, words)));
    return;
  }
  list.append(...events.slice(shown.length).map((event) => logLine(frame, event, words)));
}

/** The story's box: the log brought to the frame, shown once it has a line, the newest line in view. */
export function drawStory(story: HTMLElement, list: HTMLElement, frame: Frame, words: Dictionary): void {
  const seen = list.children.length;
  updateLog(list, frame, words);
  story.hidden = list.children.length === 0;
  if (list.children.length !== seen) {
    list.scrollTop = list.scrollHeight;
  }
}

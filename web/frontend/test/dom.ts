// A document for the views under Node (linkedom), installed as the browser's globals the views use.
import { parseHTML } from "linkedom";

const { window, document } = parseHTML("<!doctype html><html><body></body></html>");
Object.assign(globalThis, {
  window,
  document,
  HTMLElement: window.HTMLElement,
  Element: window.Element,
  CSS: { escape: (value: string) => value.replace(/["\\]/g, "\\$&") },
});

// The few DOM helpers every page's views use: an element made with its class and text, and an element
// of the page's shell found by its selector.

export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text: string | null = null,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className !== "") {
    made.className = className;
  }
  if (text !== null) {
    made.textContent = text;
  }
  return made;
}

/** An element of the page's shell (index.html, table.html, replay.html); its absence is a broken build,
 * said at once. */
export function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) {
    throw new Error(`the page shell lacks ${selector}`);
  }
  return found;
}

// Where the keyboard's focus goes when a frame redraws the controls: back on the same control, or, when
// it is gone (a claim window closed, a move made), on the hand, where the next move starts.

/** What a control is, to find it again after a redraw (a hand tile by its place, a move by its names). */
export function focusKey(node: Element | null): string | null {
  if (!(node instanceof HTMLElement)) {
    return null;
  }
  if (node.parentElement?.id === "hand" && node.dataset["index"] !== undefined) {
    return `hand:${node.dataset["index"]}`;
  }
  if (node.dataset["action"] !== undefined && node.closest("#moves, #overlay") !== null) {
    return `move:${node.dataset["action"]}:${node.dataset["tiles"] ?? ""}:${node.dataset["chair"] ?? ""}`;
  }
  return null;
}

/** Puts the focus back after a redraw that lost it: on the control `key` names if it is still there,
 * else on the hand when a claim window closed (`claimClosed`), else on the first move. */
export function restoreFocus(key: string | null, areas: readonly HTMLElement[], claimClosed: boolean): void {
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (key === null || !lost) {
    return;
  }
  const [hand, moves] = areas;
  const candidates = areas.flatMap((area) => [...area.querySelectorAll<HTMLElement>("button[data-action], #hand > button")]);
  const same = candidates.find((candidate) => focusKey(candidate) === key);
  const handStop = hand?.querySelector<HTMLElement>('button[tabindex="0"]') ?? null;
  const firstMove = moves?.querySelector<HTMLElement>("button") ?? null;
  (same ?? (claimClosed ? (handStop ?? firstMove) : (firstMove ?? handStop)))?.focus();
}

// The invitation (SPEC §7.1's `#invite`): the table's address, shared through the system's share sheet
// where there is one (a phone), else copied; inside Discord, Discord's own invite dialog.
export type Shared = "shared" | "copied" | "failed";

/** Shares or copies `url`; what happened, for the page to say. */
export async function shareAddress(url: string, title: string): Promise<Shared> {
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  if (coarse && typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        return "failed"; // the player closed the sheet
      }
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch {
    return copyBySelection(url) ? "copied" : "failed";
  }
}

// A page served over plain HTTP has no clipboard API: the older way, a selected field and copy.
function copyBySelection(url: string): boolean {
  const field = document.createElement("textarea");
  field.value = url;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  field.remove();
  return copied;
}

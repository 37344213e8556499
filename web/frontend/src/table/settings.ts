// The player's own settings of the table page, kept in the browser (localStorage): a sound and a
// vibration when the table starts waiting for them, and discarding with one tap (for a mouse).
export interface Settings {
  readonly sound: boolean;
  readonly vibrate: boolean;
  readonly oneTap: boolean;
}

export const NO_SETTINGS: Settings = { sound: false, vibrate: false, oneTap: false };
const KEY = "mahjong-table-settings";

export function loadSettings(storage: Storage | null): Settings {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(KEY) ?? "null");
    if (typeof stored !== "object" || stored === null) {
      return NO_SETTINGS;
    }
    const values = stored as Record<string, unknown>;
    return { sound: values["sound"] === true, vibrate: values["vibrate"] === true, oneTap: values["oneTap"] === true };
  } catch {
    return NO_SETTINGS; // a private window's storage, or a value another page wrote
  }
}

export function saveSettings(storage: Storage | null, settings: Settings): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // storage full or refused: the setting lasts this page only
  }
}

/** The page's storage, or null where the browser refuses it (a sandboxed frame). */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The settings' boxes (`#settings input[data-setting]`) checked as `settings` say; a change is kept in
 * `storage` and handed to `changed`. */
export function bindSettingBoxes(settings: Settings, storage: Storage | null, changed: (settings: Settings) => void): void {
  let current = settings;
  for (const box of document.querySelectorAll<HTMLInputElement>("#settings input[data-setting]")) {
    const key = box.dataset["setting"] as keyof Settings;
    box.checked = current[key];
    box.addEventListener("change", () => {
      current = { ...current, [key]: box.checked };
      saveSettings(storage, current);
      changed(current);
    });
  }
}

/** A short two-note chime (no file to load), where the browser lets a page make a sound. */
export function chime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (Context === undefined) {
    return;
  }
  try {
    const context = new Context();
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    [660, 880].forEach((pitch, index) => {
      const tone = context.createOscillator();
      tone.frequency.value = pitch;
      tone.connect(gain);
      tone.start(context.currentTime + index * 0.12);
      tone.stop(context.currentTime + index * 0.12 + 0.1);
    });
    window.setTimeout(() => void context.close(), 600);
  } catch {
    // no sound allowed before the player touched the page: nothing lost
  }
}

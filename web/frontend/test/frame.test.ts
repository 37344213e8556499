import assert from "node:assert/strict";
import { test } from "node:test";
import { faces, parseMessage } from "../src/table/frame";
import { loadSettings, NO_SETTINGS, saveSettings } from "../src/table/settings";

test("the server's messages are read, anything else is ignored", () => {
  assert.deepEqual(parseMessage('{"type":"name","name":"Ann","editable":true}'), { type: "name", name: "Ann", editable: true });
  assert.deepEqual(parseMessage('{"type":"name","name":null}'), { type: "name", name: null, editable: false });
  assert.deepEqual(parseMessage('{"type":"pong"}'), { type: "pong" });
  assert.equal(parseMessage('{"type":"name","name":3}'), null);
  assert.equal(parseMessage("not json"), null);
});

test("compact groups are read as faces", () => {
  assert.deepEqual(faces("123m77z"), ["1m", "2m", "3m", "7z", "7z"]);
});

test("the settings are kept and read back; anything else is no setting", () => {
  const kept = new Map<string, string>();
  const storage = {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
  } as unknown as Storage;
  assert.deepEqual(loadSettings(storage), NO_SETTINGS);
  saveSettings(storage, { sound: true, vibrate: false, oneTap: true });
  assert.deepEqual(loadSettings(storage), { sound: true, vibrate: false, oneTap: true });
  kept.set("mahjong-table-settings", "[1,2]");
  assert.deepEqual(loadSettings(storage), NO_SETTINGS);
  assert.deepEqual(loadSettings(null), NO_SETTINGS);
});

// The table page's views that draw into its shell (web/static/table.html, SPEC §7's element contract):
// the frame's own views, the clocks, the lobby, the standing choices, the result's layer and the hand.
import "./dom";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, test } from "node:test";
import { drawDeadline } from "../src/table/deadline";
import { drawLobby } from "../src/table/lobby";
import { HandPicking } from "../src/table/picking";
import { drawFrame } from "../src/table/render";
import { hasNewResult, ResultLayer } from "../src/table/result_layer";
import { findShell, type TableShell } from "../src/table/shell";
import { drawStanding, standingChoice, standingToggles } from "../src/table/standing";
import { frame, seat, words } from "./fixtures";

// npm runs the tests from web/frontend: the shell is the page's own, beside the built script.
const SHELL = /<body>([\s\S]*)<\/body>/.exec(readFileSync(path.resolve("..", "static", "table.html"), "utf8"))?.[1] ?? "";
const result = { winner: null, winning_tile: null, self_drawn: false, score: 0, patterns: [], payments: {} };
let shell: TableShell;

beforeEach(() => {
  document.body.innerHTML = SHELL;
  shell = findShell();
});

test("a frame's own views: the table's data attributes, the figures, the seats, the story and the sheet", () => {
  drawFrame(shell, frame({ log: [{ seat: "E", event: "draw", tiles: "" }] }), null, words);
  assert.deepEqual({ ...shell.table.dataset }, {
    tableId: "t1",
    version: "5",
    state: "playing",
    rules: "hongkong",
    viewer: "E",
    connection: "open",
  });
  assert.equal(document.body.dataset["state"], "playing");
  assert.equal(document.querySelector("#wall")?.textContent, "80");
  assert.equal(shell.seats.dataset["players"], "4");
  assert.equal(shell.seats.querySelectorAll("[data-seat]").length, 4);
  assert.equal(shell.story.hidden, false);
  assert.equal(shell.log.children.length, 1);
  assert.equal(shell.sheetBox.hidden, true);
  assert.equal(shell.standing.hidden, true);
  assert.equal(shell.waits.hidden, true);
  const sheet = [{ hand: 1, winner: "E" as const, score: 3, names: { E: "Ann", S: "Bea", W: "Cy", N: "Dee" } }];
  drawFrame(shell, frame({ sheet }), null, words);
  assert.equal(shell.sheetBox.hidden, false);
  assert.equal(shell.sheetBox.querySelectorAll("#sheet").length, 1);
  assert.equal(shell.story.hidden, true); // a frame without a log
});

test("the countdown stands beside the hand, or in the result's card while it shows; the bank beside it", () => {
  const playing = frame({ deadline: 100, seats: [seat("E", "Ann", { bank: 30 }), seat("S", "Bea"), seat("W", "Cy"), seat("N", "Dee")] });
  drawDeadline(playing, 95_000, words, shell.overlay);
  const timer = document.querySelector<HTMLElement>("#clock > #deadline");
  assert.equal(timer?.dataset["seconds"], "5");
  assert.equal(timer?.getAttribute("role"), "timer");
  assert.equal(timer?.classList.contains("short"), true);
  assert.equal(document.querySelector<HTMLElement>("#clock")?.hidden, false);
  assert.equal(document.querySelector<HTMLElement>("#bank")?.dataset["seconds"], "30");
  shell.overlay.hidden = false;
  shell.overlay.innerHTML = '<p class="result-clock"></p>';
  drawDeadline(frame({ state: "hand-over", deadline: 100 }), 90_000, words, shell.overlay);
  assert.equal(document.querySelector<HTMLElement>(".result-clock > #deadline")?.dataset["seconds"], "10");
  assert.equal(document.querySelector<HTMLElement>("#clock")?.hidden, true);
  assert.equal(document.querySelector<HTMLElement>("#bank")?.hidden, true);
  drawDeadline(frame({ state: "lobby" }), 0, words, shell.overlay);
  assert.equal(document.querySelector("#deadline"), null);
});

test("the lobby shows in the lobby only, its name form for a player who may name their seat", () => {
  const lobby = frame({ state: "lobby" });
  drawLobby(lobby, { name: null, editable: true }, words);
  assert.equal(shell.lobby.hidden, false);
  assert.equal(shell.nameForm.hidden, false);
  drawLobby(lobby, { name: "Ann", editable: false }, words);
  assert.equal(shell.nameForm.hidden, true);
  assert.equal(document.querySelector("#name-current")?.textContent, "table.name.current");
  drawLobby(frame(), { name: "Ann", editable: true }, words);
  assert.equal(shell.lobby.hidden, true);
  assert.equal(shell.nameForm.hidden, true);
});

test("the standing toggles are pressed as the frame says", () => {
  drawStanding(shell.standing, frame({ standing: { auto_win: true, no_calls: false, auto_discard: true } }));
  assert.equal(shell.standing.hidden, false);
  const toggles = standingToggles(shell.standing);
  assert.deepEqual(toggles.map((toggle) => [standingChoice(toggle), toggle.getAttribute("aria-pressed")]), [
    ["auto_win", "true"],
    ["no_calls", "false"],
    ["auto_discard", "true"],
  ]);
});

test("the result's layer: drawn once a result, put away and brought back; a new hand's result shows again", () => {
  const layer = new ResultLayer(shell.overlay, shell.showResult, false);
  const over = frame({ state: "hand-over", result, actions: [{ action: "next-hand" }] });
  assert.equal(layer.draw(over, words), true);
  assert.equal(layer.draw(over, words), false); // nothing new: the parts (and focus in them) stay
  assert.equal(shell.overlay.hidden, false);
  assert.equal(document.body.dataset["overlay"], "true");
  assert.equal(shell.overlay.querySelectorAll("#result").length, 1);
  layer.putAway();
  layer.draw(over, words);
  assert.deepEqual([shell.overlay.hidden, shell.showResult.hidden, document.body.dataset["overlay"]], [true, false, "false"]);
  layer.draw(frame(), words);
  assert.deepEqual([shell.overlay.hidden, shell.showResult.hidden], [true, true]);
  assert.equal(hasNewResult(over, frame({ state: "hand-over", hand_number: 2 })), true);
  assert.equal(hasNewResult(over, frame({ state: "hand-over", step: 9 })), false);
});

test("a hand tile: the first press picks it, the second discards it; the pick is the tab stop", () => {
  const shown = frame({
    seats: [seat("E", "Ann", { hand: ["1m", "5p", "5m"] }), seat("S", "Bea"), seat("W", "Cy"), seat("N", "Dee")],
    actions: [{ action: "discard", tiles: "1m" }, { action: "discard", tiles: "5p" }],
  });
  const picking = new HandPicking(shell.hand);
  assert.equal(picking.press(2, shown, false), "ignored"); // 5m may not be discarded now
  assert.equal(picking.press(1, shown, false), "picked");
  picking.draw(shown, words);
  const buttons = [...shell.hand.querySelectorAll<HTMLButtonElement>("button")];
  assert.deepEqual(buttons.map((button) => button.getAttribute("aria-pressed")), ["false", "true", "false"]);
  // the attribute (linkedom's tabIndex reads -1 whatever was set), as focus.ts finds the tab stop by it
  assert.deepEqual(buttons.map((button) => button.getAttribute("tabindex")), ["-1", "0", "-1"]);
  assert.equal(buttons[1]?.dataset["same"], "true");
  assert.deepEqual(picking.press(1, shown, false), { discard: "5p" });
  assert.deepEqual(new HandPicking(shell.hand).press(0, shown, true), { discard: "1m" }); // the one-tap setting
});

// Which of the table page's controls was pressed, handed on as what it is (a hand tile, a move, a
// standing choice, the result put away): presses.ts decides what each sends or shows.
import type { Standing } from "./frame";
import type { TableShell } from "./shell";
import { standingChoice, standingToggles } from "./standing";

export interface Presses {
  tile(index: number): void;
  handKey(event: KeyboardEvent): void;
  move(button: HTMLButtonElement): void;
  putResultAway(): void;
  bringResultBack(): void;
  standing(choice: Standing): void;
  saveName(): void;
  invite(): void;
}

export function listenToPresses(shell: TableShell, presses: Presses): void {
  shell.hand.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("#hand > button");
    if (button !== null) {
      presses.tile(Number(button.dataset["index"]));
    }
  });
  shell.hand.addEventListener("keydown", (event) => presses.handKey(event));
  for (const area of [shell.moves, shell.overlay, shell.lobby]) {
    area.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      // a form's own button (the name's Save, Another match) is the form's to send
      if (button !== null && button.form === null) {
        presses.move(button);
      }
    });
  }
  shell.overlay.addEventListener("click", (event) => {
    if ((event.target as HTMLElement).closest("button[data-toggle]") !== null) {
      presses.putResultAway();
    }
  });
  shell.showResult.addEventListener("click", () => presses.bringResultBack());
  for (const toggle of standingToggles(shell.standing)) {
    toggle.addEventListener("click", () => {
      const choice = standingChoice(toggle);
      if (choice !== null) {
        presses.standing(choice);
      }
    });
  }
  shell.nameForm.addEventListener("submit", (event) => {
    event.preventDefault();
    presses.saveName();
  });
  shell.invite.addEventListener("click", () => presses.invite());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !shell.overlay.hidden) {
      presses.putResultAway();
    }
  });
}

// The solitaire's clock and score as the page shows them: the server's, run on locally between its
// answers (the server corrects both).
export class Clock {
  private seconds = 0;
  private score = 0;
  private runningSince: number | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  set(seconds: number, score: number, running: boolean): void {
    this.seconds = seconds;
    this.score = score;
    this.runningSince = running ? this.now() : null;
  }

  freeze(): void {
    this.seconds = this.shownSeconds();
    this.score = this.shownScore();
    this.runningSince = null;
  }

  private elapsed(): number {
    return this.runningSince === null ? 0 : Math.floor((this.now() - this.runningSince) / 1000);
  }

  shownSeconds(): number {
    return this.seconds + this.elapsed();
  }

  // SPEC §3 loses a point a second; never below zero.
  shownScore(): number {
    return Math.max(0, this.score - this.elapsed());
  }
}

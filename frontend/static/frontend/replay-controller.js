// The replay controller (after lichess's pgn-viewer): positions are computed once by
// the API, so stepping is a lookup. Holds the step, clamps moves, runs autoplay.
// new ReplayController({count, onChange}); goTo(i) / first / prev / next / last;
// play(intervalMs) / pause(); canGoTo(i).
export class ReplayController {
  constructor({ count = 0, onChange = () => {} } = {}) {
    this.count = count;
    this.step = 0;
    this.onChange = onChange;
    this.timer = null;
  }

  get lastStep() { return Math.max(0, this.count - 1); }

  canGoTo(i) { return Number.isInteger(i) && i >= 0 && i < this.count && i !== this.step; }

  goTo(i) {
    const target = Math.min(this.lastStep, Math.max(0, Number.isFinite(i) ? Math.trunc(i) : 0));
    this.step = target;
    this.onChange(target);
    if (this.playing && target >= this.lastStep) this.pause();
  }

  first() { this.goTo(0); }
  prev() { this.goTo(this.step - 1); }
  next() { this.goTo(this.step + 1); }
  last() { this.goTo(this.lastStep); }

  setCount(count) { this.count = count; if (this.step > this.lastStep) this.goTo(this.lastStep); }

  get playing() { return this.timer !== null; }

  play(intervalMs) {
    this.pause();
    if (this.step >= this.lastStep) this.goTo(0);
    this.timer = setInterval(() => this.next(), intervalMs);
    this.onPlayChange?.(true);
  }

  pause() {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.onPlayChange?.(false);
  }
}

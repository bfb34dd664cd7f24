// Jumps by the game's own units of play (Kolkhoz: trick and year; Gong Zhu: trick and round;
// Korova: turn and round; Arne: window and turn). A renderer names its units — each with the
// frames that mark one (an event type the record already carries: no rules here):
//   export const units = [{ name: "trick", at: (frame) => frame.type === "trick" }, …]
// The shell draws a ‹ / › pair per unit and takes the keys: Shift+← / Shift+→ for the first
// unit, Page Up / Page Down for the second. "Previous" goes to the last mark before the
// step (the start of the current unit, then the one before), "next" to the first after it.
import { el } from "./dom.js";

const KEYS = [["Shift+ArrowLeft", "Shift+ArrowRight"], ["PageUp", "PageDown"]];
const KEY_WORDS = [["Shift+←", "Shift+→"], ["Page Up", "Page Down"]];
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The steps marked by `unit` in `frames`, in order.
export function marks(frames, unit) {
  const out = [];
  frames.forEach((frame, i) => { if (unit.at(frame)) out.push(i); });
  return out;
}

// The step a jump lands on from `step` (dir -1 or +1), or null when there is none.
export function target(steps, step, dir) {
  if (dir < 0) {
    for (let k = steps.length - 1; k >= 0; k -= 1) if (steps[k] < step) return steps[k];
    return null;
  }
  return steps.find((s) => s > step) ?? null;
}

export class Jumps {
  // box: the (hidden) container in the step controls; units: the renderer's; go(step).
  constructor(box, units, go) {
    this.box = box;
    this.units = (units || []).slice(0, 2);
    this.go = go;
    this.steps = this.units.map(() => []);
    this.buttons = this.units.map((unit, k) => [-1, 1].map((dir, d) => {
      const name = unit.label || unit.name;
      const text = dir < 0 ? `‹ ${cap(name)}` : `${cap(name)} ›`;
      const words = `${dir < 0 ? "Previous" : "Next"} ${name}`;
      return el("button", { type: "button", class: "jump", "aria-label": words,
                            title: `${words} (${KEY_WORDS[k][d]})`, "aria-keyshortcuts": KEYS[k][d],
                            dataset: { unit: unit.name, dir: String(dir) },
                            onclick: () => this.jump(k, dir) }, text);
    }));
    box.replaceChildren(...this.buttons.map((pair, k) =>
      el("span", { class: "jump-pair", role: "group", "aria-label": `By ${this.units[k].label || this.units[k].name}` }, ...pair)));
    box.hidden = this.units.length === 0;
    this.step = 0;
  }

  setFrames(frames) { this.steps = this.units.map((unit) => marks(frames, unit)); }

  jump(k, dir) {
    const to = target(this.steps[k] || [], this.step, dir);
    if (to !== null) this.go(to);
  }

  // Mark the buttons that lead nowhere from `step` (aria-disabled: a focused one keeps focus).
  show(step) {
    this.step = step;
    this.buttons.forEach((pair, k) => pair.forEach((button) => {
      const none = target(this.steps[k], step, Number(button.dataset.dir)) === null;
      button.setAttribute("aria-disabled", String(none));
    }));
  }

  // A keydown: handled (true) when it is one of the jump keys of a unit this game has.
  key(event) {
    const k = event.shiftKey && ["ArrowLeft", "ArrowRight"].includes(event.key) ? 0
      : !event.shiftKey && ["PageUp", "PageDown"].includes(event.key) ? 1 : -1;
    if (k < 0 || !this.units[k]) return false;
    this.jump(k, ["ArrowLeft", "PageUp"].includes(event.key) ? -1 : 1);
    return true;
  }
}

// "Dispute this step" on the replay page (disputes/_raise.html). The replay keeps its
// step in the address (#step=N, deeplink.js); this module reads it there — the shell
// need not know about disputes — and also listens for a `shell:step` event
// ({detail: {step}}) should the shell announce steps. The form is a plain GET to the
// raise page (/disputes/raise/<game>/?step=…), which prefills the game, the step, its
// sentence and its clause.
import { read } from "./deeplink.js";

const form = document.querySelector("[data-dispute-step]");

function sync(step = read().step) {
  if (!form || !Number.isInteger(step) || step < 0) return;
  const input = form.querySelector("input[name=step]");
  if (document.activeElement === input) return;  // the person is typing a step
  input.value = String(step);
  form.querySelector("button").textContent = `Dispute step ${step}`;
}

if (form) {
  const later = () => requestAnimationFrame(() => sync());
  // The shell rewrites the address with history.replaceState (no event): look again
  // after anything that can move the step.
  for (const type of ["click", "keyup", "input", "change", "hashchange"]) {
    window.addEventListener(type, later, { passive: true });
  }
  document.addEventListener("shell:step", (event) => sync(event.detail?.step));
  form.addEventListener("submit", () => {
    const input = form.querySelector("input[name=step]");
    if (document.activeElement !== input) sync();
  });
  setTimeout(later, 300);
  later();
}

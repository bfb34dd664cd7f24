// "Dispute this step" on the replay page (disputes/_raise.html, included by the page
// shell in #step-actions). The shell announces each step it shows with a `shell:step`
// event on document ({detail: {step, seq, …}}); the form follows it, so the button says
// which step it will dispute. Before the first event (or should another page include
// the control) the step is read from the address (#step=N, deeplink.js). The form is a
// plain GET to the raise page (/disputes/raise/<game>/?step=…), which prefills the game,
// the step, its sentence and its clause; without scripts the step is typed in.
import { read } from "./deeplink.js";

const form = document.querySelector("[data-dispute-step]");

function sync(step) {
  if (!form || !Number.isInteger(step) || step < 0) return;
  const input = form.querySelector("input[name=step]");
  if (document.activeElement === input) return;  // the person is typing a step
  input.value = String(step);
  form.querySelector("button").textContent = `Dispute step ${step}`;
}

if (form) {
  document.addEventListener("shell:step", (event) => sync(event.detail?.seq ?? event.detail?.step));
  window.addEventListener("hashchange", () => sync(read().step));
  sync(read().step);
}

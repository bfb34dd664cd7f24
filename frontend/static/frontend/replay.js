// The replay viewer page (/games/{id}/): the page shell (shell.js) — a finished game opens
// at its first step, a live one at its latest and follows new steps (polled every 4 s with
// If-None-Match; only the steps after the last one held are fetched).
import { Shell } from "./shell.js";

const root = document.querySelector("[data-shell]");
let shell = null;

async function start() {
  shell = await Shell.open(root, { failText: "Could not load the replay" });
  await shell.start({ defaultStep: root.dataset.status === "finished" ? 0 : -1 });
  setInterval(() => { if (!document.hidden) shell.update().catch(() => {}); }, 4000);
}

start().catch((error) => {
  const message = document.getElementById("message");
  message.textContent = `Could not load the replay: ${error.message || error}`;
});

// The table renderers, one per game, keyed by the game's registered id (Game.game,
// `game_type` in the frames). A game without one is drawn by the generic renderer.
//
// A renderer is an ES module exporting
//   renderTable(state, {seats, viewer, bottom, hints, event}) -> Element   (required)
//   legend() -> Element                      what its marks mean (optional)
//   stylesheet                               URL of its card faces' CSS (optional)
//   controls: {kind: (legal, ctx) -> Element} its legal-input controls (optional)
//   inputLabel(input) -> string|null         a listed input in words (optional)
// `hints`: the frames' top-level facts (render hints such as Kolkhoz's `quota`); `event`:
// the frame's own event (what the step did), as the viewer may see it.
const RENDERERS = {
  kolkhoz: () => import("./games/kolkhoz.js"),
  gongzhu: () => import("./games/gongzhu.js"),
  korova: () => import("./games/korova.js"),
  arne: () => import("./games/arne.js"),
  generic: () => import("./games/generic.js"),
};

// The renderer id to use for `gameType`; `wanted` (e.g. ?renderer=generic) overrides it.
// An id without a renderer falls back to "generic".
export function rendererId(gameType, wanted = null) {
  const id = wanted || gameType;
  return Object.hasOwn(RENDERERS, id) ? id : "generic";
}

function stylesheetLoaded(href) {
  if (!href || document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);  // unstyled beats not drawn
    document.head.append(link);
  });
}

// {id, module} of the renderer for `gameType`, its stylesheet loaded.
export async function loadRenderer(gameType, wanted = null) {
  const id = rendererId(gameType, wanted);
  const module = await RENDERERS[id]();
  await stylesheetLoaded(module.stylesheet);
  return { id, module };
}

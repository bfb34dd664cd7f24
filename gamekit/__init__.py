"""gamekit — what every game package shares (standard library only).

* ``canonical`` — canonical JSON and the hash chain over a game's events;
* ``shuffle`` — the keyed-hash word stream, ``below`` and Fisher–Yates that every
  game's seeded chance is built on (each game names its own draws and labels);
* ``bots`` — the bot protocol and a per-game registry of bots by name;
* ``stats`` — the generic parts of a strength evaluation (seat rotation over paired
  seeds, confidence intervals, percentiles);
* ``seam`` — ``GameDefinition``, the one interface the platform uses to reach a game;
* ``registry`` — the games by id (and engine version): ``get``, ``games``, ``register``.

A game package (``kolkhoz_core`` …) may import gamekit; gamekit never imports a game
package statically (the registry finds built-in games lazily by module path). See
docs/seam.md.
"""

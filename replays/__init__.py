"""replays — the append-only event store and the replay service."""

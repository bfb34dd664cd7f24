"""kolkhoz_core — the Kolkhoz rules as a pure, event-sourced decider (stdlib only)."""
__version__ = "0.1.0"

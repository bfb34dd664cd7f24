"""The arbiters' pages' forms: raise a dispute, rule on one, ask a what-if. They check
the shape of what was sent; the services check the rest (a step inside the game, a
clause of its rulebook, a ranking of places) and their errors become form errors."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from replays import engine
from replays.models import Game

from .presenters import option_words


class RaiseForm(forms.Form):
    seq_from = forms.IntegerField(min_value=0, label="From step")
    seq_to = forms.IntegerField(min_value=0, label="To step")
    clause = forms.CharField(max_length=64, label="Clause of the rulebook",
                             help_text="the clause you say was misapplied, e.g. req.take")
    text = forms.CharField(max_length=10000, label="What is wrong",
                           widget=forms.Textarea(attrs={"rows": 5}))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        a, b = data.get("seq_from"), data.get("seq_to")
        if a is not None and b is not None and b < a:
            self.add_error("seq_to", "the last step cannot come before the first")
        return data


def seat_choices(seats: int) -> list[tuple[int, str]]:
    from .presenters import ordinal

    return [(p, ordinal(p)) for p in range(1, seats + 1)]


class RuleForm(forms.Form):
    """What an arbiter decides: uphold with new places (and scores) or void the game, or
    dismiss; the ruling in words. One place and score field per seat, named by player."""

    outcome = forms.ChoiceField(choices=[("result_adjusted", "Adjust the result (new places)"),
                                         ("game_voided", "Void the game")],
                                widget=forms.RadioSelect, initial="result_adjusted",
                                label="If upheld")
    ruling = forms.CharField(max_length=10000, required=False, label="Ruling (in words)",
                             widget=forms.Textarea(attrs={"rows": 4}))
    confirm = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, names: list[str], current: dict[str, Any] | None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        places = (current or {}).get("places") or []
        scores = (current or {}).get("scores") or []
        for i, name in enumerate(names):
            self.fields[f"place_{i}"] = forms.TypedChoiceField(
                choices=seat_choices(len(names)), coerce=int, label=f"{name}: place",
                initial=places[i] if i < len(places) else i + 1)
            self.fields[f"score_{i}"] = forms.IntegerField(
                label=f"{name}: score", required=False,
                initial=scores[i] if i < len(scores) and type(scores[i]) is int else None)

    def seat_rows(self) -> list[dict[str, Any]]:
        """``[{name, place, score}]``: the bound fields of each seat, for the template."""
        return [{"name": n, "place": self[f"place_{i}"], "score": self[f"score_{i}"]}
                for i, n in enumerate(self.names)]

    def adjustment(self) -> dict[str, Any]:
        """The adjustment for the services (after ``is_valid``)."""
        data = self.cleaned_data
        if data["outcome"] == "game_voided":
            return {"type": "game_voided"}
        out: dict[str, Any] = {"type": "result_adjusted",
                               "places": [data[f"place_{i}"] for i in range(len(self.names))]}
        scores = [data.get(f"score_{i}") for i in range(len(self.names))]
        if all(s is not None for s in scores):
            out["scores"] = scores
        return out


def option_label(name: str) -> str:
    """An option's name in words: ``swap_scope`` → ``Swap scope``."""
    return name.replace("_", " ").capitalize()


def value_label(value: Any) -> str:
    """An option value in words: True → on, ``hidden_or_revealed`` → hidden or revealed."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value).replace("_", " ")


class WhatIfForm(forms.Form):
    """One field per option of the game (blank: as played) and the preset."""

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        defn = engine.definition(None, game.game)
        self.options = list(defn.options())
        self.free: set[str] = set()
        presets = [("", "as played")] + [(p, value_label(p)) for p in defn.presets()]
        self.fields["preset"] = forms.ChoiceField(
            choices=presets, required=False, label="Preset",
            help_text="a preset resets every option to its own; options below still apply")
        for o in self.options:
            words = option_words(game.game, o.name)
            label, about = words if words else (option_label(o.name), "")
            if isinstance(o.default, int) and not isinstance(o.default, bool) and any(
                    isinstance(v, str) for v in o.values):
                self.free.add(o.name)
                self.fields[o.name] = forms.IntegerField(
                    required=False, label=label,
                    help_text="; ".join(filter(None, [
                        about, f"{value_label(o.values[0])}; blank: as played"])))
                continue
            self.fields[o.name] = forms.ChoiceField(
                required=False, label=label, help_text=about,
                choices=[("", "as played")] + [(json.dumps(v), value_label(v))
                                               for v in o.values])

    def chosen(self) -> tuple[dict[str, Any], str | None]:
        """``(options, preset)`` for ``game_whatif`` (after ``is_valid``)."""
        options: dict[str, Any] = {}
        for o in self.options:
            raw = self.cleaned_data.get(o.name)
            if raw in (None, ""):
                continue
            options[o.name] = raw if o.name in self.free else json.loads(raw)
        return options, self.cleaned_data.get("preset") or None

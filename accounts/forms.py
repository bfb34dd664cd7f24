"""The sign-up form. Its checks are the registration service's (``services.
user_register``: the name free among accounts and players, bots included; Django's
password validators), so the site and ``POST /api/accounts/register/`` accept and refuse
the same accounts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import RegexValidator

from . import services
from .errors import AccountError

NAME_RULE = RegexValidator(r"^[\w.@+-]{2,100}$",
                           "2 to 100 letters, digits and . @ + - _ (no spaces).")


class SignUpForm(forms.Form):
    """Name, optional e-mail (only for resetting a forgotten password) and the password
    twice. ``save()`` creates the account and its player, or adds the service's error to
    the field it is about (then ``save`` returns None)."""

    username = forms.CharField(label="Name", max_length=100, validators=[NAME_RULE],
                               help_text="Your name at the tables: 2 to 100 letters or digits, "
                                         "also . @ + - _ but no spaces.",
                               widget=forms.TextInput(attrs={"autocomplete": "username",
                                                             "autofocus": True}))
    email = forms.EmailField(label="E-mail (optional)", required=False,
                             help_text="Only used to reset a forgotten password.",
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    password1 = forms.CharField(label="Password", strip=False, max_length=256,
                                help_text="At least 8 characters, not only digits, not a "
                                          "common password, not like your name.",
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password2 = forms.CharField(label="Password again", strip=False, max_length=256,
                                widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        p1, p2 = data.get("password1"), data.get("password2")
        if p1 and p2 and p1 != p2:
            self.add_error("password2", "The two passwords differ.")
        return data

    def save(self) -> Any:
        """The new account, or None with the service's refusal added to the form."""
        data = self.cleaned_data
        try:
            return services.user_register(username=data["username"],
                                          password=data["password1"],
                                          email=data.get("email") or "")
        except AccountError as exc:
            if exc.code == "weak_password":
                for message in (exc.extra.get("details") or [exc.message]):
                    self.add_error("password1", message)
            else:
                self.add_error("username", "That name is taken — pick another."
                               if exc.code == "name_taken" else exc.message)
            return None

"""The account pages (mounted under /accounts/): sign-up, sign-in and sign-out, the
password change and reset pages — Django's own auth views with the site's templates
(``accounts/templates/registration/``) — and entering a tournament. "My games" is at
/my-games/ (``config.urls``).

Sign-out is a POST (the navigation's button). Password reset sends its mail through
``EMAIL_BACKEND`` (the console by default: the link is printed in the server's log)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import web_views


def _page(name: str) -> str:
    """Our template for an auth view (the admin's ``registration/`` templates of the same
    names come first in the template search, so ours live under ``accounts/``)."""
    return f"accounts/{name}.html"


urlpatterns = [
    path("signup/", web_views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(
        template_name=_page("password_change_form")), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(
        template_name=_page("password_change_done")), name="password_change_done"),
    path("password/reset/", auth_views.PasswordResetView.as_view(
        template_name=_page("password_reset_form"),
        email_template_name=_page("password_reset_email"),
        subject_template_name="accounts/password_reset_subject.txt"), name="password_reset"),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(
        template_name=_page("password_reset_done")), name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(
        template_name=_page("password_reset_confirm")), name="password_reset_confirm"),
    path("password/reset/done/", auth_views.PasswordResetCompleteView.as_view(
        template_name=_page("password_reset_complete")), name="password_reset_complete"),
    path("enter/", web_views.enter, name="enter_tournament"),
]

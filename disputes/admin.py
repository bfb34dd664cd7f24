"""Admin screens for disputes: the list (by status, clause, game), a dispute's page,
"take under review" as an action, and a ruling screen for arbiters that shows the
before/after diff of standings and ratings and asks for confirmation before anything
is appended (the same services as the REST API)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from replays.errors import ApplicationError

from . import presenters, services
from .models import FROZEN_FIELDS, Dispute, DisputeStatus


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "seq_from", "seq_to", "clause", "status", "raised_by",
                    "arbiter", "created_at", "decided_at")
    list_filter = ("status", "clause")
    search_fields = ("game__id", "clause", "text", "ruling")
    readonly_fields = ("status", "status_history", "arbiter", "ruling", "adjustment",
                       "ruling_seq", "effect", "decided_at", "created_at", "updated_at")
    exclude = ("diff", "history")
    actions = ["take_under_review"]
    change_form_template = "admin/disputes/dispute/change_form.html"

    @admin.display(description="history")
    def status_history(self, obj: Dispute) -> str:
        """Each status change, one a line."""
        return format_html_join(mark_safe("<br>"), "{} {} {}", (
            (h["words"].capitalize(), f"by {h['by']}" if h["by"] else "",
             h["at"].strftime("%Y-%m-%d %H:%M") if h["at"] else "")
            for h in presenters.history(obj)))

    @admin.display(description="effect of the ruling")
    def effect(self, obj: Dispute) -> str:
        """The confirmed before/after as tables with player names (not the JSON)."""
        if not obj.adjustment:
            return "–"
        table = presenters.preview_table(obj.game, {"event": obj.adjustment, "diff": obj.diff})
        return render_to_string("disputes/_preview.html", {
            "preview": table, "before": "before the ruling", "after": "after it"})

    def get_readonly_fields(self, request: HttpRequest, obj: Dispute | None = None
                            ) -> tuple[str, ...]:
        """Once a dispute is under review (or decided), what it is about is frozen: its
        game, steps, clause and text become read-only (the services refuse too)."""
        if obj is not None and obj.status != DisputeStatus.OPEN:
            return (*FROZEN_FIELDS, *self.readonly_fields)
        return self.readonly_fields

    def save_model(self, request: HttpRequest, obj: Dispute, form: Any, change: bool) -> None:
        """Refuse a save that would change a frozen field (a form posted before the
        dispute was taken under review)."""
        frozen = services.frozen_changes(obj) if change else []
        if frozen:
            self.message_user(request, f"dispute {obj.pk} is no longer open: "
                              f"{', '.join(frozen)} cannot change", messages.ERROR)
            return
        super().save_model(request, obj, form, change)

    @admin.action(description="Take under review")
    def take_under_review(self, request: HttpRequest, queryset: Any) -> None:
        for d in queryset:
            try:
                services.dispute_review(dispute=d, user=request.user)
            except ApplicationError as e:
                self.message_user(request, f"dispute {d.pk}: {e.message}", messages.ERROR)

    def get_urls(self) -> list[Any]:
        return [path("<int:pk>/rule/", self.admin_site.admin_view(self.rule_view),
                     name="disputes_dispute_rule"), *super().get_urls()]

    def rule_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """GET: the form. POST preview: the diff and a confirm button. POST confirm or
        dismiss: rule (arbiters only; others get the service's 403 message)."""
        d = get_object_or_404(Dispute, pk=pk)
        ctx: dict[str, Any] = {**self.admin_site.each_context(request), "dispute": d,
                               "opts": self.model._meta, "title": f"Rule on dispute {d.pk}",
                               "form": request.POST}
        if request.method == "POST":
            action = request.POST.get("action")
            ruling = request.POST.get("ruling", "")
            adjustment: dict[str, Any] = {"type": request.POST.get("type", "result_adjusted")}
            if adjustment["type"] == "result_adjusted":
                try:
                    adjustment["places"] = [int(x) for x in
                                            request.POST.get("places", "").split(",")]
                    if request.POST.get("scores"):
                        adjustment["scores"] = [int(x) for x in
                                                request.POST["scores"].split(",")]
                except ValueError:
                    adjustment["places"] = None
            try:
                if action == "preview":
                    preview = services.dispute_preview(dispute=d, user=request.user,
                                                       adjustment=adjustment)
                    ctx["preview"] = preview
                    ctx["table"] = presenters.preview_table(d.game, preview)
                elif action in ("confirm", "dismiss"):
                    services.dispute_rule(
                        dispute=d, user=request.user,
                        decision=("upheld" if action == "confirm" else "dismissed"),
                        ruling=ruling, adjustment=adjustment if action == "confirm" else None,
                        confirm=request.POST.get("confirm"))
                    self.message_user(request, f"dispute {d.pk} ruled", messages.SUCCESS)
                    return HttpResponseRedirect(
                        reverse("admin:disputes_dispute_change", args=[d.pk]))
            except ApplicationError as e:
                ctx["error"] = f"{e.code}: {e.message}"
        ctx["rule_on_site_url"] = reverse("dispute_rule_page", args=[d.pk])
        ctx["can_rule"] = (services.is_arbiter(request.user)
                           and d.status == DisputeStatus.UNDER_REVIEW)
        return TemplateResponse(request, "admin/disputes/rule.html", ctx)

"""The API's one paginator: ``?limit=`` and ``?offset=`` bounded before they reach the
database.

DRF's ``LimitOffsetPagination`` passes any integer on to the query: on PostgreSQL a
``limit`` or ``offset`` past 2**63 − 1 is ``bigint out of range`` — a 500 (schemathesis
found it on ``GET /api/disputes/?limit=1503136619615257871914979295232``, issue 20). Here
``limit`` defaults to 50 and is at most 500; a bad or negative value means the default
(DRF's behaviour); an ``offset`` past the end is an empty page, however large.
"""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request


class BoundedPagination(LimitOffsetPagination):
    """``LimitOffsetPagination`` with ``limit`` ≤ 500 and ``offset`` ≤ 10**12 (rows)."""

    default_limit = 50
    max_limit = 500
    max_offset = 10**12

    def get_offset(self, request: Request) -> int:
        """The requested offset, clamped to ``max_offset`` (an empty page past the end)."""
        return min(super().get_offset(request), self.max_offset)

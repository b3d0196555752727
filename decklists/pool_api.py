"""Pool registration, the swap and the product per team in the API (docs/api.md "Pools and
product"; issue 31). Included from decklists.api's URLs."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from access import Perm, access_event, access_team
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.i18n import localize
from decklists import pool_reads
from decklists.services import pool_swap as services
from tournament.models import Event


class ProductSerializer(serializers.Serializer):
    name = serializers.CharField()
    boosters_per_team = serializers.IntegerField()
    cards_per_booster = serializers.IntegerField()
    kits_per_team = serializers.IntegerField()
    cards_per_team = serializers.IntegerField()


class PoolRowSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    opened_registered = serializers.BooleanField()
    opened_cards = serializers.IntegerField()
    unread_lines = serializers.IntegerField()
    problem = serializers.CharField(allow_null=True)
    gives_to = serializers.IntegerField(allow_null=True)
    receives_from = serializers.IntegerField(allow_null=True)


class PoolsSerializer(serializers.Serializer):
    pool_procedure = serializers.ChoiceField(choices=["build_opened", "register_and_swap"])
    product = ProductSerializer()
    totals = serializers.DictField(child=serializers.IntegerField())
    swap_seed = serializers.IntegerField(allow_null=True)
    teams = PoolRowSerializer(many=True)


class SetupInSerializer(serializers.Serializer):
    pool_procedure = serializers.ChoiceField(
        choices=["build_opened", "register_and_swap"], required=False
    )
    product_name = serializers.CharField(required=False, allow_blank=True, max_length=120)
    boosters_per_team = serializers.IntegerField(required=False, allow_null=True)
    cards_per_booster = serializers.IntegerField(required=False)
    kits_per_team = serializers.IntegerField(required=False)


class PoolSwapInSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, min_value=0)


class OpenedInSerializer(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False)


def pools_json(event: Event) -> dict:
    board = pool_reads.board(event)
    product = board.product
    return {
        "pool_procedure": board.setup.pool_procedure,
        "product": {
            "name": product.name,
            "boosters_per_team": product.boosters,
            "cards_per_booster": product.cards_per_booster,
            "kits_per_team": product.kits,
            "cards_per_team": product.cards,
        },
        "totals": pool_reads.product_list(event)["totals"],
        "swap_seed": board.swap.seed if board.swap else None,
        "teams": [
            {
                "team": r.team.pk,
                "name": r.team.name,
                "opened_registered": r.opened is not None,
                "opened_cards": r.cards,
                "unread_lines": r.errors,
                "problem": localize(r.problem) if r.problem else None,
                "gives_to": r.gives_to.pk if r.gives_to else None,
                "receives_from": r.receives_from.pk if r.receives_from else None,
            }
            for r in board.rows
        ],
    }


def _valid(serializer_class, request) -> dict:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


class EventPoolsView(APIView):
    @extend_schema(responses={200: PoolsSerializer})
    def get(self, request, pk: int):
        """The product per team, each team's opened pool and count check, and the swap."""
        event = access_event(request.caller, pk, Perm.MANAGE_DECKLISTS)
        return Response(PoolsSerializer(pools_json(event)).data)

    @extend_schema(
        request=SetupInSerializer, responses={200: PoolsSerializer, 400: ErrorSerializer}
    )
    def patch(self, request, pk: int):
        """The organizer's pool procedure and product."""
        event = access_event(request.caller, pk, Perm.EDIT_EVENT)
        services.limited_setup_update(
            event=event, data=_valid(SetupInSerializer, request), by=request.user
        )
        return Response(PoolsSerializer(pools_json(event)).data)


class PoolSwapView(APIView):
    @extend_schema(
        request=PoolSwapInSerializer, responses={200: PoolsSerializer, 409: ErrorSerializer}
    )
    def post(self, request, pk: int):
        """Draw the swap (a random seed unless one is given)."""
        event = access_event(request.caller, pk, Perm.MANAGE_DECKLISTS)
        seed = _valid(PoolSwapInSerializer, request).get("seed")
        services.pool_swap_draw(event=event, seed=seed, by=request.user)
        return Response(PoolsSerializer(pools_json(event)).data)


class TeamOpenedPoolView(APIView):
    @extend_schema(
        request=OpenedInSerializer, responses={200: PoolRowSerializer, 409: ErrorSerializer}
    )
    def put(self, request, pk: int):
        """The team (or staff) registers the pool the team opened."""
        team = access_team(request.caller, pk, Perm.WRITE_DECKLISTS)
        services.opened_pool_submit(
            team=team,
            text=_valid(OpenedInSerializer, request)["text"],
            by=request.user,
            by_team=request.caller.acts_for(team),
        )
        row = next(r for r in pools_json(team.event)["teams"] if r["team"] == team.pk)
        return Response(PoolRowSerializer(row).data)


urlpatterns = [
    path("events/<id:pk>/pools/", EventPoolsView.as_view(), name="api-event-pools"),
    path("events/<id:pk>/pools/swap/", PoolSwapView.as_view(), name="api-pool-swap"),
    path("teams/<id:pk>/opened-pool/", TeamOpenedPoolView.as_view(), name="api-opened-pool"),
]

"""Scheduled and requested work of the decklists app: keeping the card data current."""

import logging

from celery import shared_task

from core.errors import ServiceError
from decklists.services import card_updates

log = logging.getLogger(__name__)


@shared_task(name="decklists.update_cards")
def update_cards() -> str:
    """Import Scryfall's current card data when it changed (Celery beat, daily; or the
    organizer's "Update now"). A failure is recorded (the data stays as it was), not raised:
    the next run tries again."""
    try:
        result = card_updates.update_cards()
    except ServiceError as exc:
        log.warning("card data update failed: %s", exc.message)
        return exc.message
    text = card_updates.summary(result)
    log.info("card data update: %s", text)
    return text

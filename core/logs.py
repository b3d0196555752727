"""Log formatting: a one-line record for errors that are the sender's, not the software's."""

import logging


class OneLineFormatter(logging.Formatter):
    """'WARNING django.security.RequestDataTooBig: <message> [<exception type>]': no traceback."""

    def __init__(self) -> None:
        super().__init__("%(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        line = super().formatMessage(self._with_message(record))
        return f"{line} [{kind}]" if kind else line

    def _with_message(self, record: logging.LogRecord) -> logging.LogRecord:
        record.message = " ".join(record.getMessage().split())
        return record

"""A text progress bar for the catalogue commands (bytes read of the file, cards so far)."""

from __future__ import annotations

import os
import time
from typing import IO

from django.core.management.base import OutputWrapper


class ProgressBar:
    """Draws `[#####.....]  52%  15,000 cards` on one line (a new line every 10% when piped)."""

    WIDTH = 30

    def __init__(
        self, out: IO[str] | OutputWrapper, fileobj: IO[bytes] | None, *, enabled: bool = True
    ) -> None:
        self.out = getattr(out, "_out", out)  # a command's OutputWrapper adds line endings
        self.fileobj = fileobj
        self.enabled = enabled
        self.total = _size(fileobj)
        self.tty = bool(getattr(out, "isatty", lambda: False)())
        self.last_step = -1
        self.last_draw = 0.0
        self.started = time.monotonic()

    def fraction(self) -> float | None:
        if not self.total or self.fileobj is None:
            return None
        try:
            return min(1.0, self.fileobj.tell() / self.total)
        except (OSError, ValueError):
            return None

    def __call__(self, cards: int) -> None:
        if not self.enabled:
            return
        fraction = self.fraction()
        now = time.monotonic()
        if self.tty:
            if now - self.last_draw < 0.1:
                return
            self.last_draw = now
            self.out.write("\r" + self._line(fraction, cards))
            self.out.flush()
            return
        step = int((fraction or 0) * 10)
        if step > self.last_step:
            self.last_step = step
            self.out.write(self._line(fraction, cards) + "\n")

    def done(self, cards: int) -> None:
        if not self.enabled:
            return
        elapsed = f"{time.monotonic() - self.started:.1f} s"
        if self.tty:
            self.out.write("\r" + self._line(1.0, cards) + f"  {elapsed}\n")
        else:
            self.out.write(f"{cards:,} cards in {elapsed}\n")

    def _line(self, fraction: float | None, cards: int) -> str:
        if fraction is None:
            return f"{cards:,} cards read"
        filled = int(fraction * self.WIDTH)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        return f"[{bar}] {fraction:4.0%}  {cards:,} cards"


def _size(fileobj: IO[bytes] | None) -> int | None:
    try:
        return os.fstat(fileobj.fileno()).st_size if fileobj is not None else None
    except (OSError, AttributeError, ValueError):
        return None


class DownloadBar:
    """Draws `[#####.....]  52%  80.1 of 152.3 MB` while a file downloads (every 10% when piped)."""

    WIDTH = 30

    def __init__(self, out: IO[str] | OutputWrapper, *, enabled: bool = True) -> None:
        self.out = getattr(out, "_out", out)
        self.enabled = enabled
        self.tty = bool(getattr(out, "isatty", lambda: False)())
        self.last_step = -1
        self.last_draw = 0.0

    def __call__(self, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        if self.tty:
            now = time.monotonic()
            if now - self.last_draw < 0.1:
                return
            self.last_draw = now
            self.out.write("\r" + self._line(done, total))
            self.out.flush()
            return
        step = int(done * 10 / total) if total else done // (10 * 1024 * 1024)
        if step > self.last_step:
            self.last_step = step
            self.out.write(self._line(done, total) + "\n")

    def done(self, done: int, total: int | None) -> None:
        if self.enabled and self.tty:
            self.out.write("\r" + self._line(done, total) + "\n")

    def _line(self, done: int, total: int | None) -> str:
        mb = f"{done / 1e6:.1f}"
        if not total:
            return f"downloading: {mb} MB"
        fraction = min(1.0, done / total)
        filled = int(fraction * self.WIDTH)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        return f"[{bar}] {fraction:4.0%}  {mb} of {total / 1e6:.1f} MB"

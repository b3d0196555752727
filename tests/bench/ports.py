"""The ports a benchmark's servers listen on: a free one to start a server on, and whether a
server answers on one yet."""

from __future__ import annotations

import socket


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False

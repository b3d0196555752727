"""A local HTTP server shaped like Scryfall's bulk data (its index and the file it names), for the
card data update tests: never the internet."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SAMPLE = (
    Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "scryfall-oracle-cards.sample.json"
)
FILE_NAME = "oracle-cards-20261122100000.json"


class FixtureServer:
    """Serves /bulk-data (an index naming the file) and the file, in 4 kB chunks; logs requests."""

    def __init__(self, body: bytes, updated_at: str = "2026-11-22T10:00:00.000+00:00"):
        self.body = body
        self.updated_at = updated_at
        self.requests: list[str] = []
        self.user_agents: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802  (the http.server API)
                server.requests.append(self.path)
                server.user_agents.append(self.headers.get("User-Agent", ""))
                if self.path == "/bulk-data":
                    payload = json.dumps(server.index()).encode()
                elif self.path == f"/files/{FILE_NAME}":
                    payload = server.body
                else:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                for start in range(0, len(payload), 4096):
                    self.wfile.write(payload[start : start + 4096])

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def index(self) -> dict:
        return {
            "object": "list",
            "has_more": False,
            "data": [
                {
                    "object": "bulk_data",
                    "type": "default_cards",
                    "download_uri": f"{self.url}/files/default-cards.json",
                    "updated_at": self.updated_at,
                    "size": 1,
                },
                {
                    "object": "bulk_data",
                    "type": "oracle_cards",
                    "download_uri": f"{self.url}/files/{FILE_NAME}",
                    "updated_at": self.updated_at,
                    "size": len(self.body),
                },
            ],
        }

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

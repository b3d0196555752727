"""Benchmark: Web Push for a published round of 2,048 tables with one subscription per player
(8,192 phones), against a push service on 127.0.0.1 (issue 29, "Benchmark").

Run from the repository root (a throw-away SQLite file, or PostgreSQL with DATABASE_URL):

    .venv/bin/python tests/bench/bench_push.py [--quick] [--threads N] [--latency MS] [--profile]

The embedded default, as a server runs it: no broker, the server's own timer and sending
threads started (core.tasks.start_in_process), so ``round_publish`` commits, its receivers queue
``notify.push``, which builds every subscription's message and hands the batches to the sending
thread (notify.tasks.outbox); the publish runs as in a request, its other after-answer tasks
(the pairings pages warmed) run in this thread once it returns. The push service is a threaded HTTP server in a process of its own
(it counts the POSTs and keeps the first few, which this script decrypts with the subscription's
private key to check the payload). Printed:

- queued: from the commit until every push is built and handed to the senders (target < 2 s);
- sent: from the commit until the receiver has every push (target < 60 s), and the rate;
- page times: a team page (``/t/<key>/``, Django's test client in this process, so it shares the
  process and its interpreter lock with the senders, as a web process without a broker does)
  before publishing and while the pushes go out: median and p95 (target: unchanged).

--latency MS: the receiver answers each push that much later (a push service far away; the
senders' threads wait that long for each answer). --quick: 256 tables; --profile: the build's profile. Targets are printed, not enforced.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
QUICK = "--quick" in sys.argv
TABLES = 256 if QUICK else 2048
THREADS = int(sys.argv[sys.argv.index("--threads") + 1]) if "--threads" in sys.argv else None
LATENCY = (
    float(sys.argv[sys.argv.index("--latency") + 1]) / 1000 if "--latency" in sys.argv else 0.0
)
KEYS = 16  # distinct browsers' keys, reused: the server's work per push is the same


def _receive(port, count, last, samples, ready) -> None:
    """The push service: 201 to every POST; counts them, keeps the first few."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if LATENCY:
                time.sleep(LATENCY)  # a push service's round trip over the internet
            with count.get_lock():
                count.value += 1
                n = count.value
            last.value = time.time()
            if n <= 4:
                samples.put((self.path, dict(self.headers.items()), body))
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.request_queue_size = 256
    port.value = server.server_address[1]
    ready.set()
    server.serve_forever()


def _django() -> str:
    if not os.environ.get("DATABASE_URL"):
        path = Path(tempfile.mkdtemp(prefix="tandem-bench-")) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TANDEM_PLAIN_STATIC", "1")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return os.environ["DATABASE_URL"].split(":", 1)[0]


def _store(base: str, browsers):
    from notify.models import PushSubscription, key_digest
    from pairing import services
    from support import factories
    from support.rounds import bulk_teams
    from tournament.models import Player

    event = factories.event(factories.user("bench"), name="Bench 2HG", rel="competitive")
    teams = bulk_teams(event, 2 * TABLES)
    keys = {t.pk: key_digest(t.access_key) for t in teams}
    round_ = services.round_pair_next(event=event, seed=1)
    rows = []
    for n, (pk, team) in enumerate(Player.objects.filter(event=event).values_list("pk", "team_id")):
        browser = browsers[n % len(browsers)]
        sub = browser.subscription(f"{base}/s/{n % len(browsers)}/{n}")
        rows.append(
            PushSubscription(
                event=event,
                team_id=team,
                player_id=pk,
                key_digest=keys[team],
                endpoint=sub["endpoint"],
                p256dh=sub["keys"]["p256dh"],
                auth=sub["keys"]["auth"],
                language="es" if n % 4 == 3 else "en",
            )
        )
    PushSubscription.objects.bulk_create(rows, batch_size=2000)
    return event, teams, round_, len(rows)


def _stats(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, n={len(ordered)}"


def _pages(client, url: str, stop: threading.Event, out: list[float]) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        answer = client.get(url)
        assert answer.status_code == 200, answer.status_code
        out.append(time.perf_counter() - t)
        time.sleep(0.02)


def main() -> int:
    count, last = mp.Value("i", 0), mp.Value("d", 0.0)
    port, ready, samples = mp.Value("i", 0), mp.Event(), mp.Queue()
    receiver = mp.Process(target=_receive, args=(port, count, last, samples, ready), daemon=True)
    receiver.start()
    ready.wait(10)
    vendor = _django()
    from django.conf import settings
    from django.test import Client

    from core import events
    from core.tasks import in_process, start_in_process
    from notify import tasks
    from pairing import services
    from support.push import Browser

    base = f"http://127.0.0.1:{port.value}"
    settings.PUSH_ALLOWED_HOSTS = [f"127.0.0.1:{port.value}"]
    settings.PUSH_ALLOW_HTTP = True
    if THREADS:
        settings.PUSH_THREADS = THREADS
    browsers = [Browser() for _ in range(KEYS)]
    t = time.perf_counter()
    event, teams, round_, n = _store(base, browsers)
    print(f"stored {TABLES} tables, {len(teams)} teams, {n} subscriptions")
    print(f"  in {time.perf_counter() - t:.1f} s ({vendor}, Python {platform.python_version()})")
    print(f"  PUSH_THREADS={settings.PUSH_THREADS}, PUSH_BATCH={settings.PUSH_BATCH}")
    start_in_process()
    assert in_process.started, "TASK_TIMERS=false? the server's threads are needed"

    client = Client()
    url = f"/t/{teams[7].access_key}/"
    client.get(url)
    before: list[float] = []
    stop = threading.Event()
    sampler = threading.Thread(target=_pages, args=(client, url, stop, before))
    sampler.start()
    time.sleep(3)
    stop.set()
    sampler.join()

    marks: dict[str, float] = {}
    events.round_published._receivers.insert(0, lambda _p: marks.setdefault("commit", time.time()))
    dispatch = tasks.dispatch

    def timed_dispatch(messages, attempt=0):
        dispatch(messages, attempt)
        marks["queued"] = time.time()
        marks["messages"] = len(messages)

    tasks.dispatch = timed_dispatch
    push = tasks.push

    def timed_push(*args):
        marks["push"] = time.time()
        return push(*args)

    tasks.push = timed_push
    during: list[float] = []
    stop = threading.Event()
    sampler = threading.Thread(target=_pages, args=(Client(), url, stop, during))
    sampler.start()
    # As in a request to a server without a broker (core.tasks.AfterAnswerMiddleware): the
    # tasks its receivers queue run once the answer is sent, here in this thread.
    from core import tasks as core_tasks

    core_tasks._answer.after = []
    t0 = time.time()
    services.round_publish(round_=round_)
    published = time.time()
    after, core_tasks._answer.after = core_tasks._answer.after, None
    for run in after:
        run()
    after_answer = time.time()
    deadline = time.time() + 180
    while count.value < n and time.time() < deadline:
        time.sleep(0.05)
    stop.set()
    sampler.join()
    tasks.outbox.wait()

    commit = marks["commit"]
    print(
        f"round_publish (the request's work) {published - t0:.2f} s; then its {len(after)} "
        f"after-answer tasks (pages warmed) {after_answer - published:.2f} s"
    )
    print(
        f"queued: {marks['messages']} pushes built and handed to the senders "
        f"{marks['queued'] - commit:.2f} s after the commit (target < 2 s): notify.push began "
        f"{marks['push'] - commit:.2f} s after it and took {marks['queued'] - marks['push']:.2f} s"
    )
    sent = last.value - commit
    print(
        f"sent: {count.value}/{n} received {sent:.1f} s after the commit "
        f"({count.value / max(sent, 1e-9):.0f}/s; target < 60 s)"
    )
    from notify import selectors

    t, cpu = time.perf_counter(), time.process_time()
    built = selectors.round_published(round_.pk)
    print(
        f"building the {len(built)} messages alone: {time.perf_counter() - t:.2f} s "
        f"({time.process_time() - cpu:.2f} s of this process's CPU)"
    )
    if "--profile" in sys.argv:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(selectors.round_published, round_.pk)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(20)
    print(f"team page before: {_stats(before)}")
    print(f"team page while sending: {_stats(during)}")

    by_path = {f"/s/{i}": b for i, b in enumerate(browsers)}
    checked = 0
    while not samples.empty():
        path, headers, body = samples.get()
        browser = by_path["/".join(path.split("/")[:3])]
        payload = browser.decrypt(body)
        assert (payload["type"], payload["round"]) == ("pairings", 1), payload
        assert {k.lower(): v for k, v in headers.items()}["ttl"] == "3600"
        checked += 1
    print(f"decrypted and checked {checked} payloads")
    receiver.terminate()
    return 0 if count.value == n else 1


if __name__ == "__main__":
    sys.exit(main())

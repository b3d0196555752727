/* Live updates (core/live.py): Live.subscribe(url, onMessage) and the data-live convention.
 *
 *   Live.subscribe("/live/round/12/", function (msg) { ... msg.topic, msg.version, msg.data });
 *
 * Uses Server-Sent Events (EventSource, which resends Last-Event-ID on reconnect); where that is
 * missing or keeps failing, polls "<url>version?since=<v>" (204 = unchanged). Reconnects with a
 * growing delay (1 s doubling to 30 s, with jitter). Returns an object with close().
 *
 * Markup, no inline script needed:
 *   <div data-live="/live/round/12/" data-live-since="7" data-live-fragment="/rounds/12/pairings/part">
 * On each change the element fires a "live:change" event (detail = the message) and, when
 * data-live-fragment is set, replaces its content with that URL's HTML.
 */
(function () {
  "use strict";
  var MAX_DELAY = 30000;
  var POLL_MS = 3000;

  function subscribe(url, onMessage, options) {
    options = options || {};
    var version = options.since != null ? Number(options.since) : null;
    var source = null, timer = null, closed = false, failures = 0;

    function deliver(msg) {
      if (version !== null && msg.version === version) return;
      version = msg.version;
      try { onMessage(msg); } catch (e) { if (window.console) console.error(e); }
    }
    function backoff() {
      var d = Math.min(MAX_DELAY, 1000 * Math.pow(2, Math.min(failures, 5)));
      return d / 2 + Math.random() * d / 2;
    }
    function stream() {
      if (closed) return;
      var u = url + (version !== null ? (url.indexOf("?") < 0 ? "?" : "&") + "since=" + version : "");
      source = new EventSource(u);
      source.onopen = function () { failures = 0; };
      source.onmessage = function (e) {
        failures = 0;
        try { deliver(JSON.parse(e.data)); } catch (err) { /* not ours */ }
      };
      source.onerror = function () {
        // The browser retries by itself while the server answers; after repeated failures
        // we close and come back later, then fall back to polling.
        failures += 1;
        if (failures >= 3) {
          source.close();
          source = null;
          if (failures >= 6) { poll(); } else { timer = setTimeout(stream, backoff()); }
        }
      };
    }
    function poll() {
      if (closed) return;
      var q = url.indexOf("?");
      var u = (q < 0 ? url + "version" : url.slice(0, q) + "version" + url.slice(q));
      if (version !== null) u += (u.indexOf("?") < 0 ? "?" : "&") + "since=" + version;
      fetch(u, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) {
          if (r.status === 200) return r.json().then(deliver);
          if (r.status !== 204 && r.status !== 304) throw new Error(String(r.status));
        })
        .then(function () { failures = 0; timer = setTimeout(poll, POLL_MS); },
              function () { failures += 1; timer = setTimeout(poll, Math.max(POLL_MS, backoff())); });
    }

    if (window.EventSource && !options.poll) { stream(); } else { poll(); }
    return {
      close: function () {
        closed = true;
        if (source) source.close();
        if (timer) clearTimeout(timer);
      }
    };
  }

  function bind(el) {
    if (el.liveSubscription) return;
    var fragment = el.getAttribute("data-live-fragment");
    el.liveSubscription = subscribe(el.getAttribute("data-live"), function (msg) {
      el.dispatchEvent(new CustomEvent("live:change", { detail: msg, bubbles: true }));
      if (!fragment) return;
      fetch(fragment, { credentials: "same-origin", headers: { "X-Requested-With": "live" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html !== null) el.innerHTML = html; });
    }, { since: el.getAttribute("data-live-since") });
  }

  function scan(root) {
    var els = (root || document).querySelectorAll("[data-live]");
    for (var i = 0; i < els.length; i++) bind(els[i]);
  }

  window.Live = { subscribe: subscribe, scan: scan };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { scan(); });
  } else {
    scan();
  }
})();

/* The service worker of one team's pages (tournament/team_views.py), scope /t/<key>/.
 *
 * Keeps, in a cache of its own key ("tandem-team:/t/<key>/"), the team's page, its table page
 * and the static files they load, so that with the network gone the phone still shows the last
 * round, table, opponents, seats and clock it knew:
 * - pages: network first; a page answered 200 is kept with the time it was taken; without a
 *   network the kept copy is answered, marked <html data-offline-at="<ms>"> (static/js/pwa.js
 *   shows "As of 14:32, offline");
 * - the team page's live part (?part=blocks, fetched again on each live change): spliced into
 *   the kept page between <!--team-blocks--> and <!--/team-blocks-->, so the copy is as fresh as
 *   the last thing the phone showed;
 * - when the team page (opened, or its live part) names another match (data-match: a new round
 *   published) than the kept table page is of (its own data-match), the table page is fetched
 *   again and kept too, so offline it shows the new table and opponents, not the last round's;
 * - answers on their way at once (live changes close together, a slow network) may arrive in
 *   another order than they were asked for: a page's copy is never replaced by an answer asked
 *   for before the one it holds (X-Tandem-Asked: this worker's run and the answer's number), and
 *   the copies are read and written one job at a time (the live part is spliced into the kept
 *   page; an offline answer reads the copy once the writes begun before it are done);
 * - static files: network first (the browser's own cache answers most), kept for offline;
 * - live updates (/live/, Server-Sent Events) and everything else: never touched.
 * The team page answering 404 or 403 (a new key was issued, the team is gone) deletes the copy
 * and the worker itself. Nothing is kept for any other address, so nothing of another key's.
 */
"use strict";
var ASSETS = [{% for url in assets %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
{% verbatim %}
var SCOPE = new URL(self.registration.scope).pathname;
var CACHE = "tandem-team:" + SCOPE;
var PAGES = [SCOPE, SCOPE + "table/"];
var KEPT_AT = "X-Tandem-Kept-At";
var ASKED = "X-Tandem-Asked";
var RUN = Date.now().toString(36) + Math.random().toString(36).slice(2);  // this worker's run
var asks = 0;  // requests of pages this run made or answered, in the order asked
var jobs = Promise.resolve();  // the copies' reads and writes, one at a time
var START = "<!--team-blocks-->", END = "<!--/team-blocks-->";
var gone = false;  // the key no longer opens the team: keep nothing more

function kind(url) {
  if (url.origin !== self.location.origin) return null;
  if (url.pathname.indexOf("/static/") === 0) return "asset";
  if (url.pathname === SCOPE && url.search === "?part=blocks") return "blocks";
  if (PAGES.indexOf(url.pathname) >= 0 && (url.search === "" || url.search === "?view=middle")) {
    return "page";
  }
  return null;
}

function ask() {
  asks += 1;
  return asks;
}

function inTurn(job) {
  var run = jobs.then(job);
  jobs = run.catch(function () {});
  return run;
}

/* The copy holds an answer asked for after `asked` (only this run's numbers are comparable:
 * a stopped worker's requests ended with it). */
function newer(kept, asked) {
  var mark = ((kept && kept.headers.get(ASKED)) || "").split(":");
  return mark[0] === RUN && Number(mark[1]) > asked;
}

function putPage(cache, url, html, headersFrom, asked) {
  var headers = { "Content-Type": headersFrom.get("Content-Type") || "text/html" };
  var csp = headersFrom.get("Content-Security-Policy");
  if (csp) headers["Content-Security-Policy"] = csp;
  headers[KEPT_AT] = String(Date.now());
  headers[ASKED] = RUN + ":" + asked;
  return cache.put(url, new Response(html, { status: 200, headers: headers }));
}

/* Keeps a page's answer unless a later one is kept; resolves with its HTML, null when not kept. */
function keepPage(cache, url, response, asked) {
  return response.text().then(function (html) {
    return inTurn(function () {
      return cache.match(url).then(function (kept) {
        if (newer(kept, asked)) return null;
        return putPage(cache, url, html, response.headers, asked).then(function () { return html; });
      });
    });
  });
}

function matchOf(html) {
  var found = /data-match="(\d+)"/.exec(html);
  return found ? found[1] : null;
}

/* The match a team page names: its blocks' data-match (templates/pairing/_team_block.html). */
function teamMatchOf(html) {
  var start = html.indexOf(START), end = html.indexOf(END);
  return start < 0 || end < start ? null : matchOf(html.slice(start, end));
}

/* The match a table page is of: its tracker's data-match (templates/tracker/table.html). */
function tableMatchOf(html) {
  var found = /data-tracker[^>]*data-match="(\d+)"/.exec(html);
  return found ? found[1] : null;
}

function fetchPage(cache, path) {
  var asked = ask();
  return fetch(path, { credentials: "same-origin" }).then(function (response) {
    return response.status === 200 && !response.redirected ? keepPage(cache, path, response, asked) : null;
  });
}

/* The table page's copy follows the match the team page names. Compared with the kept table
 * page itself, not with the team page's previous copy: a team page opened (not only its live
 * part) may be the first to name the new match, and the table page is then still the last
 * round's. A match whose table page is being fetched, or answered other than 200 (a bye has
 * none), is not asked for again by this worker; a network failure is. */
var tableAskedFor = null;
function renewTable(cache, match) {
  if (match === null || match === tableAskedFor) return Promise.resolve(null);
  return cache.match(SCOPE + "table/").then(function (kept) {
    return kept ? kept.text() : "";
  }).then(function (html) {
    if (match === tableMatchOf(html) || match === tableAskedFor) return null;
    tableAskedFor = match;
    return fetchPage(cache, SCOPE + "table/").catch(function () {
      if (tableAskedFor === match) tableAskedFor = null;
      return null;
    });
  });
}

function keepBlocks(cache, response, asked) {
  return response.text().then(function (blocks) {
    return inTurn(function () {
      return cache.match(SCOPE).then(function (page) {
        if (!page || newer(page, asked)) return null;
        return page.text().then(function (html) {
          var start = html.indexOf(START), end = html.indexOf(END);
          if (start < 0 || end < start) return null;
          var fresh = html.slice(0, start + START.length) + blocks + html.slice(end);
          return putPage(cache, SCOPE, fresh, page.headers, asked).then(function () { return blocks; });
        });
      });
    }).then(function (kept) { return kept === null ? null : renewTable(cache, matchOf(kept)); });
  });
}

function keep(url, k, response, asked) {
  if (gone) return Promise.resolve();
  return caches.open(CACHE).then(function (cache) {
    if (k === "asset") return cache.put(url, response);
    if (k === "blocks") return keepBlocks(cache, response, asked);
    return keepPage(cache, url, response, asked).then(function (html) {
      return html !== null && url.split("?")[0] === SCOPE ? renewTable(cache, teamMatchOf(html)) : null;
    });
  });
}

function forget() {
  gone = true;
  return caches.delete(CACHE).then(function () { return self.registration.unregister(); });
}

function offlineCopy(url) {
  return inTurn(function () {
    return caches.open(CACHE).then(function (cache) { return cache.match(url, { ignoreVary: true }); });
  }).then(function (hit) {
    if (!hit) return Response.error();
    var at = hit.headers.get(KEPT_AT) || "";
    return hit.text().then(function (html) {
      var marked = html.replace("<html", '<html data-offline-at="' + at.replace(/\D/g, "") + '"');
      return new Response(marked, { status: 200, headers: hit.headers });
    });
  });
}

function fromNetwork(event, url, k) {
  var key = url.pathname + url.search;
  var asked = k === "asset" ? 0 : ask();
  return fetch(event.request).then(function (response) {
    if (k !== "asset" && url.pathname === SCOPE && (response.status === 404 || response.status === 403)) {
      event.waitUntil(forget());
    } else if (response.status === 200 && !response.redirected && response.type === "basic") {
      event.waitUntil(keep(k === "asset" ? url.href : key, k, response.clone(), asked));
    }
    return response;
  }, function () {
    if (k === "page") return offlineCopy(key);
    if (k === "asset") {
      return caches.open(CACHE).then(function (cache) {
        return cache.match(url.href, { ignoreVary: true, ignoreSearch: false });
      }).then(function (hit) { return hit || Response.error(); });
    }
    return Response.error();  // the live part: the page keeps what it shows
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    var pages = PAGES.map(function (path) {
      return fetchPage(cache, path).catch(function () { return null; });
    });
    var assets = ASSETS.map(function (path) {
      return fetch(path).then(function (response) {
        return response.status === 200 ? cache.put(new URL(path, self.location.origin).href, response) : null;
      }, function () { return null; });
    });
    return Promise.all(pages.concat(assets));
  }).then(function () { return self.skipWaiting(); }));
});

/* A new release names new static files: the old ones kept are dropped. */
function pruneAssets() {
  var wanted = ASSETS.map(function (path) { return new URL(path, self.location.origin).href; });
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        return new URL(request.url).pathname.indexOf("/static/") === 0 && wanted.indexOf(request.url) < 0;
      }).map(function (request) { return cache.delete(request); }));
    });
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(pruneAssets().catch(function () {}).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  var url = new URL(event.request.url);
  if (url.pathname.indexOf("/live/") === 0) return;  // live updates are never kept
  var k = gone ? null : kind(url);
  if (k === null) return;
  event.respondWith(fromNetwork(event, url, k));
});

/* Web Push (the server's payload: {type, event, round?, table?, title, body, url}). */
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { title: event.data.text() }; }
  var options = {
    body: data.body || "",
    icon: ASSETS.filter(function (a) { return a.indexOf("icons/") >= 0; })[0],
    tag: (data.type || "tandem") + ":" + (data.round || "") + ":" + (data.table || ""),
    data: { url: data.url || SCOPE },
    vibrate: [200, 100, 200]
  };
  event.waitUntil(self.registration.showNotification(data.title || "Tandem", options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || SCOPE, self.location.origin);
  if (target.origin !== self.location.origin) target = new URL(SCOPE, self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
    for (var i = 0; i < open.length; i++) {
      if (new URL(open[i].url).pathname === target.pathname && "focus" in open[i]) return open[i].focus();
    }
    return self.clients.openWindow(target.href);
  }));
});
{% endverbatim %}

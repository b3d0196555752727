/* The team's pages as an app (templates/tournament/_offline_banner.html, tournament/team_views.py).
 *
 * - Registers the team's service worker (data-worker, scope data-scope = /t/<key>/), which keeps
 *   the team's page and its table page for offline use, unless this phone was told to forget the
 *   team (then nothing is kept until "Remember us on this phone" is pressed again).
 * - A page the worker answered from its copy (<html data-offline-at="<ms>">) shows the banner
 *   "As of 14:32, offline" with the time the copy was taken; a page open when the network drops
 *   shows it with the time of the last thing it received; once the server answers again, the
 *   copy is replaced by the live page.
 * - "Forget us on this phone" deletes the copy and the worker before the form is sent.
 * window.TandemPwa.registration() gives the worker's registration (for notify.js).
 */
(function () {
  "use strict";
  var banner = document.getElementById("offline-banner");
  if (!banner) return;
  var scope = banner.getAttribute("data-scope");
  var forgotten = "tandem-forgotten:" + scope;
  var cacheName = "tandem-team:" + scope;
  var offlineAt = Number(document.documentElement.getAttribute("data-offline-at") || 0);
  var lastFresh = Date.now();
  var ready = null;

  function stored(name, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(name);
      if (value === null) { window.localStorage.removeItem(name); } else { window.localStorage.setItem(name, value); }
    } catch (e) { /* private mode: nothing kept */ }
    return null;
  }

  function clock(ms) {
    var lang = document.documentElement.lang || undefined;
    try {
      return new Date(ms).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    } catch (e) {
      return new Date(ms).toTimeString().slice(0, 5);
    }
  }

  function show(ms) {
    var line = banner.querySelector("[data-offline-time]");
    line.textContent = line.getAttribute("data-text").replace("{time}", clock(ms));
    banner.hidden = false;
    document.documentElement.classList.add("is-offline");
  }

  function hide() {
    banner.hidden = true;
    document.documentElement.classList.remove("is-offline");
  }

  function register() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return Promise.resolve(null);
    if (stored(forgotten)) return Promise.resolve(null);
    return navigator.serviceWorker.register(banner.getAttribute("data-worker"), { scope: scope })
      .then(function (reg) { return reg; }, function () { return null; });
  }

  function forget() {
    stored(forgotten, "1");
    var jobs = [];
    if (window.caches) jobs.push(window.caches.delete(cacheName).catch(function () {}));
    if ("serviceWorker" in navigator) {
      jobs.push(navigator.serviceWorker.getRegistration(scope).then(function (reg) {
        return reg && new URL(reg.scope).pathname === scope ? reg.unregister() : null;
      }).catch(function () {}));
    }
    return Promise.all(jobs);
  }

  function watchForms() {
    var forms = document.querySelectorAll("form[data-phone-forget], form[data-phone-remember]");
    Array.prototype.forEach.call(forms, function (form) {
      form.addEventListener("submit", function (event) {
        if (form.hasAttribute("data-phone-remember")) { stored(forgotten, null); return; }
        if (form.getAttribute("data-done")) return;
        event.preventDefault();
        var send = function () { form.setAttribute("data-done", "1"); form.submit(); };
        Promise.race([forget(), new Promise(function (r) { setTimeout(r, 1500); })]).then(send, send);
      });
    });
  }

  if (offlineAt) {
    show(offlineAt);
    var messages = document.querySelector("main .messages");  // said when the copy was taken
    if (messages) messages.hidden = true;
    // The team page's forms cannot be sent from the copy: they wait for the network. (The table
    // page's own buttons keep working: static/js/tracker.js queues taps until it is back.)
    var forms = document.querySelectorAll("[data-part-url] form button, [data-phone-forget] button, [data-phone-remember] button");
    Array.prototype.forEach.call(forms, function (b) { b.disabled = true; });
  }
  /* A copy makes way for the live page once the server answers again: the live part is asked
   * for (the worker never answers it from its copy) on "online" and every RETRY_MS. */
  var RETRY_MS = 15000;
  var checking = false;
  function backOnline(attempt) {
    if (checking) return;
    checking = true;
    fetch(scope + "?part=blocks", { credentials: "same-origin", cache: "no-store", headers: { "X-Requested-With": "live" } })
      .then(function (r) {
        checking = false;
        var active = document.activeElement;
        if (r.ok && !(active && active.form)) window.location.reload();
      }, function () {
        checking = false;
        // Just back: the network may take a moment (1, 2, 4 s), then every RETRY_MS.
        if (attempt < 3) setTimeout(function () { backOnline(attempt + 1); }, 1000 * Math.pow(2, attempt));
      });
  }
  if (offlineAt) setInterval(function () { backOnline(3); }, RETRY_MS);
  window.addEventListener("offline", function () { show(offlineAt || lastFresh); });
  window.addEventListener("online", function () {
    if (offlineAt) { backOnline(0); } else { hide(); }
  });
  document.addEventListener("live:change", function () { if (!offlineAt) lastFresh = Date.now(); });

  watchForms();
  ready = register();
  window.TandemPwa = {
    registration: function () { return ready; },
    scope: scope,
    forget: forget
  };
})();

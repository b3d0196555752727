/* The players' part of the event page (templates/pairing/_event_now.html).
 *
 * Without JavaScript the search is a GET form. With it, the results follow the typing (from
 * data-min-query letters, after a short pause) and the round, clock and results are fetched again
 * on each live change of the event (live.js fires "live:change" on the [data-live] element).
 * Only the head and the results are swapped, never the form, so the field keeps its focus.
 *
 * The team page ([data-part-url]): its blocks (match, clock, result, table, penalties) are fetched
 * again on each live change of the team, but not while a form in them is being filled in: the
 * change waits until the form loses the focus.
 */
(function () {
  "use strict";
  var PAUSE_MS = 300;

  function setup(root) {
    var base = root.getAttribute("data-now-url");
    var min = Number(root.getAttribute("data-min-query") || 3);
    var field = root.querySelector("#find-q");
    var timer = null, seq = 0, shown = field ? field.value.trim() : "";

    function swap(html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      ["now-head", "now-results"].forEach(function (name) {
        var fresh = doc.querySelector("." + name), old = root.querySelector("." + name);
        if (fresh && old) old.innerHTML = fresh.innerHTML;
      });
    }
    function refresh() {
      var q = field ? field.value.trim() : "";
      if (q.length > 0 && q.length < min) q = "";
      var mine = ++seq;
      fetch(base + (q ? "?q=" + encodeURIComponent(q) : ""), {
        credentials: "same-origin", headers: { "X-Requested-With": "live" }
      })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html === null || mine !== seq) return;
          swap(html);
          shown = q;
        }, function () { /* offline: keep what is shown; the form still works */ });
    }
    if (field) {
      field.addEventListener("input", function () {
        var q = field.value.trim();
        if (q === shown || (q.length > 0 && q.length < min)) return;
        clearTimeout(timer);
        timer = setTimeout(function () {
          if (window.history && history.replaceState) {
            var url = new URL(window.location.href);
            if (q) { url.searchParams.set("q", q); } else { url.searchParams.delete("q"); }
            history.replaceState(null, "", url.toString());
          }
          refresh();
        }, PAUSE_MS);
      });
    }
    root.addEventListener("live:change", refresh);
  }

  function teamPage(root) {
    var url = root.getAttribute("data-part-url");
    var waiting = false, seq = 0;

    function busy() {
      var active = document.activeElement;
      if (active && root.contains(active) && active.form) return true;
      var details = root.querySelectorAll("details[open]");
      return details.length > 0;
    }
    function refresh() {
      if (busy()) { waiting = true; return; }
      waiting = false;
      var mine = ++seq;
      fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "live" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null && mine === seq) root.innerHTML = html;
        }, function () { /* offline: keep the page as it is */ });
    }
    root.addEventListener("live:change", refresh);
    root.addEventListener("focusout", function () {
      if (waiting) setTimeout(refresh, 50);
    });
    root.addEventListener("toggle", function () {
      if (waiting) setTimeout(refresh, 50);
    }, true);
  }

  function start() {
    var roots = document.querySelectorAll(".event-now[data-now-url]");
    for (var i = 0; i < roots.length; i++) setup(roots[i]);
    var teams = document.querySelectorAll("[data-part-url]");
    for (var j = 0; j < teams.length; j++) teamPage(teams[j]);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

/* The round clock's pages (templates/judging/clock.html, floor.html, table_clock.html).
 *
 * Projector ([data-clock]): counts down in the browser from data-ends-at, corrected by the
 * difference between the server's clock (data-server-now) and this one; follows the round's
 * live topic (data-follow, core.live) and takes the new status and end time from each message.
 * When the network drops it keeps counting from the last end time it knew. Every data-resync
 * seconds it reads the round's clock from data-clock-url: the server's time in the answer,
 * taken at the middle of the round trip, measures the offset again (a browser's clock drifts
 * or is set during the round), and the answer's status and end time replace the known ones.
 *
 * Floor view ([data-live][data-refresh]): live.js swaps the lines on each change; this also
 * refreshes them every data-refresh seconds, since remaining times move without any change.
 *
 * Table page (.table-clock[data-live]): reloads on a change unless a form is being filled in.
 */
(function () {
  "use strict";

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function text(seconds) {
    seconds = Math.max(0, Math.ceil(seconds));
    if (seconds < 6000) return pad(Math.floor(seconds / 60)) + ":" + pad(seconds % 60);
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return h + ":" + pad(m) + ":" + pad(s);
  }

  function projector(el) {
    var digits = el.querySelector("[data-clock-digits]");
    var note = el.querySelector("[data-clock-note]");
    var reminder = el.querySelector("[data-clock-reminder]");
    var serverNow = Date.parse(el.getAttribute("data-server-now"));
    var offset = isNaN(serverNow) ? 0 : serverNow - Date.now();
    var status = el.getAttribute("data-status");
    var endsAt = Date.parse(el.getAttribute("data-ends-at") || "");
    var remaining = el.getAttribute("data-remaining");
    remaining = remaining === "" || remaining === null ? null : Number(remaining);

    // The words in the page's language, from the note's data attributes.
    var words = note ? note.dataset : {};

    function show() {
      var called = status === "time_called";
      if (status === "running" && !isNaN(endsAt)) {
        var left = (endsAt - (Date.now() + offset)) / 1000;
        if (left <= 0) { called = true; } else { digits.textContent = text(left); }
      } else if (!called && remaining !== null) {
        digits.textContent = text(remaining);
      } else if (!called) {
        digits.textContent = words.noLimit || "No time limit";
      }
      if (called) digits.textContent = words.time || "Time";
      if (note) {
        note.textContent = called ? "" : status === "paused" ? words.paused || "Paused"
          : status === "not_started" ? words.notStarted || "Not started" : words.running || "Time remaining";
      }
      if (reminder) reminder.hidden = !called;
      var shown = "status-" + (called ? "time_called" : status);
      if (!el.classList.contains(shown)) {
        ["not_started", "running", "paused", "time_called"].forEach(function (s) {
          el.classList.remove("status-" + s);
        });
        el.classList.add(shown);
      }
    }

    var follow = el.getAttribute("data-follow");
    if (follow && window.Live) {
      window.Live.subscribe(follow, function (msg) {
        var d = msg.data || {};
        if (!d.status) return;
        status = d.status;
        endsAt = d.ends_at ? Date.parse(d.ends_at) : NaN;
        remaining = d.remaining_seconds == null ? null : Number(d.remaining_seconds);
        if (status === "running" && isNaN(endsAt) && remaining !== null) {
          endsAt = Date.now() + offset + remaining * 1000;
        }
        show();
      }, { since: el.getAttribute("data-follow-since") });
    }
    var url = el.getAttribute("data-clock-url");
    var resync = Number(el.getAttribute("data-resync")) * 1000;
    function measure() {
      var sent = Date.now();
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          var back = Date.now();
          if (!d || back - sent > 5000) return;  // too slow a trip to measure by
          var server = Date.parse(d.server_now);
          if (!isNaN(server)) offset = server - (sent + back) / 2;
          status = d.status;
          endsAt = d.ends_at ? Date.parse(d.ends_at) : NaN;
          remaining = d.remaining_seconds == null ? null : Number(d.remaining_seconds);
          show();
        }, function () {});
    }
    if (url && resync > 0) setInterval(measure, resync);
    el.clockOffset = function () { return offset; };
    show();
    setInterval(show, 250);
  }

  function refresher(el) {
    var every = Number(el.getAttribute("data-refresh")) * 1000;
    var fragment = el.getAttribute("data-live-fragment");
    if (!every || !fragment) return;
    setInterval(function () {
      fetch(fragment, { credentials: "same-origin", headers: { "X-Requested-With": "live" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html !== null) el.innerHTML = html; }, function () {});
    }, every);
  }

  function busy() {
    var a = document.activeElement;
    return a && (a.tagName === "INPUT" || a.tagName === "SELECT" || a.tagName === "TEXTAREA");
  }

  function init() {
    var i, els = document.querySelectorAll("[data-clock]");
    for (i = 0; i < els.length; i++) projector(els[i]);
    els = document.querySelectorAll("[data-live][data-refresh]");
    for (i = 0; i < els.length; i++) refresher(els[i]);
    els = document.querySelectorAll(".table-clock[data-live]");
    for (i = 0; i < els.length; i++) {
      els[i].addEventListener("live:change", function () { if (!busy()) window.location.reload(); });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();

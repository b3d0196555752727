/* The Limited timers (templates/judging/limited_timers.html, limited_timer_projector.html).
 *
 * [data-timers] holds one [data-timer=<kind>] face per timer. The page reads the timers from the
 * API (data-url: the server's facts computed as states, with the server's clock) every 10
 * seconds, at once when the event's live topic (data-follow) says a timer changed, and when a
 * draft step ends; between reads each face counts down in the browser from the end times it
 * knows, corrected by the offset between the server's clock and this one. When the network
 * drops it keeps counting from what it last knew.
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
  function fill(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (_, k) { return values[k]; });
  }

  function start(root) {
    var words = root.dataset;
    var serverNow = Date.parse(root.getAttribute("data-server-now"));
    var offset = isNaN(serverNow) ? 0 : serverNow - Date.now();
    var known = {};  // kind -> the API's timer
    var fetching = false;

    function now() { return Date.now() + offset; }

    function stepWords(step) {
      if (!step) return "";
      if (step.kind === "review") return fill(words.wReview, step);
      return fill(step.direction === "left" ? words.wPickLeft : words.wPickRight, step);
    }

    function show(face, t) {
      var digits = face.querySelector("[data-digits]");
      var stepEl = face.querySelector("[data-step]");
      var note = face.querySelector("[data-note]");
      var status = t.status, left = t.remaining_seconds, stepLeft = t.step_remaining;
      if (status === "running") {
        if (t.ends_at) left = (Date.parse(t.ends_at) - now()) / 1000;
        if (t.step_ends_at) stepLeft = (Date.parse(t.step_ends_at) - now()) / 1000;
        if (left <= 0) { status = "time_called"; left = 0; }
        if (t.kind === "draft" && stepLeft !== null && stepLeft <= 0) refresh();
      }
      var warning = status !== "time_called" && status !== "not_started" && t.kind !== "draft"
        && left !== null && left <= 300;
      if (status === "time_called") {
        digits.textContent = words.wTime;
      } else if (t.length_seconds === null) {
        digits.textContent = "–:––";
      } else {
        digits.textContent = text(t.kind === "draft" && stepLeft !== null ? stepLeft : left);
      }
      if (stepEl) stepEl.textContent = status === "time_called" ? "" : stepWords(t.step);
      if (note) {
        note.textContent = t.length_seconds === null ? words.wNotStarted
          : status === "time_called" ? words["wEnd" + t.kind.charAt(0).toUpperCase() + t.kind.slice(1)]
          : status === "paused" ? words.wPaused
          : warning ? words.wWarning
          : t.kind === "draft" ? fill(words.wDraftLeft, { left: text(left) })
          : words.wRunning;
      }
      face.className = face.className.replace(/\bstatus-\S+/g, "").replace(/\btimer-warning\b/g, "").trim()
        + " status-" + status + (warning ? " timer-warning" : "");
      face.setAttribute("data-status", status);
    }

    function showAll() {
      var faces = root.querySelectorAll("[data-timer]");
      for (var i = 0; i < faces.length; i++) {
        var t = known[faces[i].getAttribute("data-timer")];
        if (t) show(faces[i], t);
      }
    }

    function refresh() {
      if (fetching) return;
      fetching = true;
      var sent = Date.now();
      fetch(root.getAttribute("data-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          fetching = false;
          if (!d) return;
          var back = Date.now();
          var server = Date.parse(d.server_now);
          if (!isNaN(server) && back - sent < 5000) offset = server - (sent + back) / 2;
          d.timers.forEach(function (t) { known[t.kind] = t; });
          showAll();
        }, function () { fetching = false; });
    }

    var follow = root.getAttribute("data-follow");
    if (follow && window.Live) {
      window.Live.subscribe(follow, function () { refresh(); }, { since: root.getAttribute("data-follow-since") });
    }
    refresh();
    setInterval(refresh, 10000);
    setInterval(showAll, 250);
  }

  function init() {
    var roots = document.querySelectorAll("[data-timers]");
    for (var i = 0; i < roots.length; i++) start(roots[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();

/* Judge calls: the time a table has waited for a judge, counted on the phone.
 *
 * Every element with data-since (an ISO time: when the judge was called) shows "m:ss" since
 * then, corrected by the server's clock (data-server-now, the server's time when the page was
 * made). In the judges' queue a call open for 2 minutes (data-open-since) gets the class
 * "call-late". Live updates replace the blocks (static/js/live.js); this script only counts.
 */
(function () {
  "use strict";
  if (window.TandemCalls) return;
  window.TandemCalls = true;
  var LATE_MS = 2 * 60 * 1000;
  var offset = null;

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function now() { return Date.now() + (offset || 0); }
  function tick() {
    var clocks = document.querySelectorAll("[data-since]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      if (offset === null && el.dataset.serverNow) {
        var server = Date.parse(el.dataset.serverNow);
        if (!isNaN(server)) offset = server - Date.now();
      }
      var since = Date.parse(el.dataset.since);
      if (isNaN(since)) continue;
      var seconds = Math.max(0, Math.floor((now() - since) / 1000));
      el.textContent = Math.floor(seconds / 60) + ":" + pad(seconds % 60);
    }
    var open = document.querySelectorAll("[data-open-since]");
    for (var j = 0; j < open.length; j++) {
      var at = Date.parse(open[j].dataset.openSince);
      if (!isNaN(at) && now() - at >= LATE_MS) open[j].classList.add("call-late");
    }
  }
  tick();
  setInterval(tick, 1000);
})();

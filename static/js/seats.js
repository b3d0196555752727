// The seat check's timers: each late team's minutes tick from the round's start; when the
// proposal changes (one minute, ten minutes) the page reloads to show the new one. Without
// JavaScript the page shows the minutes when it was loaded.
(function () {
  "use strict";
  const timers = Array.from(document.querySelectorAll(".seat-timer[data-since]"));
  if (!timers.length) return;
  function tick() {
    const now = Date.now();
    let reload = false;
    for (const el of timers) {
      const seconds = Math.max(0, Math.floor((now - Date.parse(el.dataset.since)) / 1000));
      const m = Math.floor(seconds / 60);
      const s = String(seconds % 60).padStart(2, "0");
      el.textContent = m + ":" + s + " min";
      const key = "seats-reloaded-" + el.dataset.next;
      if (el.dataset.next && now >= Date.parse(el.dataset.next) && !sessionStorage.getItem(key)) {
        sessionStorage.setItem(key, "1");  // once per change, even with a clock a little ahead
        reload = true;
      }
    }
    if (reload) window.location.reload();
  }
  tick();
  setInterval(tick, 1000);
})();

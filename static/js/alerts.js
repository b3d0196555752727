/* The open team page tells its players itself (issue "phones that tell players", item 4): where a
 * push notification cannot reach this phone (plain HTTP on the LAN, no service worker, an iPhone
 * not started from the home screen, notifications refused or never turned on), the page beeps
 * (Web Audio, no sound file), vibrates and puts the news in its title when one of these appears
 * in its live part: pairings posted, the clock started, time called at the team's table, a
 * result to confirm, a judge on the way, the cut made.
 *
 * The news are markers in the blocks the team page fetches again on each live change
 * (static/js/floor.js; templates/pairing/_team_alerts.html, judging/calls/_table_call_inner.html):
 *   <span hidden data-alert="pairings" data-alert-id="round-12" data-alert-text="Round 3: table 41">
 * A marker is news once, when its id first appears after the page was opened (what the page
 * showed when opened is not news). A phone that gets the team's pushes (notify.js) only changes
 * the title. The title comes back on the next tap or key.
 */
(function () {
  "use strict";
  var root = document.querySelector("[data-part-url]");
  if (!root) return;
  var seen = {};
  var baseTitle = document.title;
  var audio = null;
  var AudioContextClass = window.AudioContext || window.webkitAudioContext;

  function markers() {
    return Array.prototype.slice.call(root.querySelectorAll("[data-alert]"));
  }

  function id(el) {
    return el.getAttribute("data-alert") + ":" + el.getAttribute("data-alert-id");
  }

  function sound() {
    if (!AudioContextClass) return;
    try {
      if (!audio) audio = new AudioContextClass();
      if (audio.state === "suspended" && audio.resume) audio.resume();
      var start = audio.currentTime + 0.05;
      [0, 0.28].forEach(function (offset) {
        var tone = audio.createOscillator(), gain = audio.createGain();
        var at = start + offset;
        tone.type = "sine";
        tone.frequency.value = 880;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
        tone.connect(gain);
        gain.connect(audio.destination);
        tone.start(at);
        tone.stop(at + 0.22);
      });
    } catch (e) { /* no sound on this phone */ }
  }

  function tell(texts) {
    document.title = "(!) " + texts.join(" · ") + " · " + baseTitle;
    var pushed = window.TandemNotify && window.TandemNotify.active();
    if (pushed) return;  // the notification itself rings and vibrates
    sound();
    if (navigator.vibrate) {
      try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed yet */ }
    }
  }

  function check(announce) {
    var news = [];
    markers().forEach(function (el) {
      var key = id(el);
      if (seen[key]) return;
      seen[key] = true;
      if (announce) news.push(el.getAttribute("data-alert-text"));
    });
    if (news.length) tell(news);
  }

  // Browsers let a page make sounds only after a tap: the first one readies the sound.
  function unlock() {
    if (!audio && AudioContextClass) {
      try { audio = new AudioContextClass(); } catch (e) { audio = null; }
    }
    if (audio && audio.state === "suspended" && audio.resume) audio.resume();
    document.title = baseTitle;
  }

  check(false);
  new MutationObserver(function () { check(true); }).observe(root, { childList: true, subtree: true });
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);
})();

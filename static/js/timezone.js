/* The event form (templates/tournament/event_form.html): a new event takes the organizer's time
 * zone from the browser (an input with data-browser-zone left empty is filled in), so the
 * event's times read in the organizer's zone, not the server's. */
(function () {
  "use strict";
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  document.querySelectorAll("input[data-browser-zone]").forEach(function (input) {
    if (!input.value && zone) input.value = zone;
  });
})();

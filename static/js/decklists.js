/* Decklist pages: save a list without leaving the page, show the team's check at once, and
   pick up a teammate's (or a judge's) save as it happens: live.js tells this page when the
   team's lists change (data-follow), and the page fetches itself again. Without live.js it
   looks every 15 s; without this file the forms post and the page reloads. */
(function () {
  "use strict";
  var root = document.querySelector("[data-decklists]");
  var busy = false;

  function textareas(doc) {
    return Array.prototype.slice.call(doc.querySelectorAll("textarea[data-text-for]"));
  }

  function baseOf(textarea) {
    var form = textarea.form;
    return form ? form.querySelector("input[data-base]") : null;
  }

  function markSynced() {
    textareas(document).forEach(function (t) { t.dataset.synced = t.value; });
  }

  function apply(doc, saved, ok) {
    if (!doc.querySelector("[data-decklists]")) return false;
    doc.querySelectorAll("[data-sync][id]").forEach(function (fresh) {
      var old = document.getElementById(fresh.id);
      if (old) old.replaceWith(document.importNode(fresh, true));
    });
    textareas(doc).forEach(function (fresh) {
      var old = document.getElementById(fresh.id);
      if (!old) return;
      var mine = fresh.dataset.textFor === saved;
      var dirty = old.value !== old.dataset.synced;
      if ((mine && ok) || (!mine && !dirty)) {
        if (old.value !== fresh.value) old.value = fresh.value;
        old.dataset.synced = fresh.value;
        var oldBase = baseOf(old), freshBase = baseOf(fresh);
        if (oldBase && freshBase) oldBase.value = freshBase.value;
      }
    });
    return true;
  }

  function parse(html) {
    return new DOMParser().parseFromString(html, "text/html");
  }

  function onSubmit(event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-deck-form]")) return;
    event.preventDefault();
    var button = form.querySelector("button:not([type=button])");
    var note = form.querySelector(".saving");
    var target = form.dataset.target;
    if (button) button.disabled = true;
    if (note) note.textContent = "Saving\u2026";
    busy = true;
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-Requested-With": "fetch" },
      credentials: "same-origin",
    })
      .then(function (response) {
        return response.text().then(function (html) {
          var applied = apply(parse(html), target, response.ok);
          if (note) {
            note.textContent = !applied ? "Not saved: reload the page and try again."
              : response.ok ? "Saved and checked." : "Not saved: see the message above.";
          }
          if (response.ok) {
            var file = form.querySelector("input[type=file]");
            if (file) file.value = "";
            var reason = form.querySelector("input[name=reason]");
            if (reason) reason.value = "";
          }
        });
      })
      .catch(function () {
        if (note) note.textContent = "Not saved: no connection. Try again.";
      })
      .finally(function () {
        busy = false;
        if (button) button.disabled = false;
      });
  }

  function poll() {
    if (busy || document.visibilityState !== "visible" || !root) return;
    fetch(root.dataset.poll, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html && !busy) apply(parse(html), null, false); })
      .catch(function () { /* offline: try at the next tick */ });
  }

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  function addCard(button) {
    var textarea = document.getElementById(button.dataset.to);
    if (!textarea) return;
    var name = button.dataset.add;
    var line = new RegExp("^([ \\t]*)(\\d+)([ \\t]*x?[ \\t]+)" + escapeRegExp(name) + "[ \\t]*$", "im");
    var match = textarea.value.match(line);
    if (match) {
      textarea.value = textarea.value.replace(line, match[1] + (parseInt(match[2], 10) + 1) + match[3] + name);
    } else {
      var text = textarea.value.replace(/\s+$/, "");
      textarea.value = (text ? text + "\n" : "") + "1 " + name + "\n";
    }
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    button.textContent = "\u2713 " + button.textContent.replace(/^\u2713 /, "");
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest && event.target.closest("button[data-add]");
    if (add) addCard(add);
    var print = event.target.closest && event.target.closest("[data-print]");
    if (print) window.print();
  });

  if (root) {
    markSynced();
    document.addEventListener("submit", onSubmit);
    if (window.Live && root.dataset.follow) {
      window.Live.subscribe(root.dataset.follow, function () { poll(); },
                            { since: root.dataset.followSince });
    } else {
      setInterval(poll, 15000);
    }
    document.addEventListener("visibilitychange", poll);
  }
})();

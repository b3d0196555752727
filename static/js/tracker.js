/* The table page (templates/tracker/table.html, judge.html): buttons sent through the API with
 * an offline queue, and the state followed live (core.live, static/js/live.js).
 *
 * Each tap becomes one event {type, player?, team?, amount?, changes?, client_id} with a fresh
 * client_id, queued in localStorage (per match) and sent in order to
 * POST /api/v1/matches/<id>/game/events/ with the team's key (X-Team-Key). A network failure
 * keeps it queued and it is sent again, with the same client_id, when the phone is back online
 * (the server applies an event once per client_id). A 400 drops it and shows why. Life and poison
 * taps show at once on this phone; the other phones see them when the server has them.
 * Without JavaScript the same forms post to the page and it reloads.
 *
 * The clock line ([data-clock-line]) counts down from data-ends-at (corrected by the server's
 * clock, data-server-now) and is fetched again from the page (data-clock-part: the line alone)
 * at once whenever the turn, the active team, the game or its status changes (the additional
 * turns), when the countdown reaches zero, and every 30 seconds for extensions.
 *
 * A live message carries the numbers of the state and only the log rows its event changed (its
 * own row; the last 30 after an undo). The page puts them in place by seq among the rows it shows
 * (each <li data-seq>, newest first: 20 on a player's page, all on a judge's) and reads the game
 * again when a message's first row is more than one past the newest row it has (it missed
 * messages, e.g. while reconnecting).
 *
 * The log's rows carry English words (row.text); a page in another language has data-log-part
 * (?part=log: the log alone, rendered by the server in the page's language, checked like the
 * page) and fetches the log again instead of drawing the rows itself.
 */
(function () {
  "use strict";
  var root = document.querySelector("[data-tracker]");
  if (!root) return;
  var api = root.dataset.api, key = root.dataset.key;
  var storeKey = "tandem:tracker:" + (root.dataset.match || "");
  var queueLine = root.querySelector("[data-queue]");
  var sending = false, retry = null, failures = 0;
  var seq = Number(root.dataset.seq || 0);
  var LOG_SHOWN = 20;  // the log rows a player's page shows, newest first; a judge's page all

  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey) || "[]"); } catch (e) { return []; }
  }
  function save(q) { try { localStorage.setItem(storeKey, JSON.stringify(q)); } catch (e) { /* full */ } }
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }
  function csrf() {
    var input = root.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function showQueue(q, message) {
    if (!queueLine) return;
    if (message) { queueLine.textContent = message; queueLine.hidden = false; return; }
    queueLine.hidden = q.length === 0;
    // The page gives the words in its language (data-one, data-many with "{n}").
    queueLine.textContent = q.length === 1
      ? queueLine.dataset.one || "1 change waiting for the network: it will be sent."
      : (queueLine.dataset.many || "{n} changes waiting for the network: they will be sent.").replace("{n}", q.length);
  }

  function eventOf(form, button) {
    var op = (button && button.value) || "";
    var parts = op.split(":"), data = { type: parts[0] };
    ["player", "team", "amount"].forEach(function (name) {
      var field = form.elements[name];
      if (field && field.value !== "" && !isNaN(Number(field.value))) data[name] = Number(field.value);
    });
    if (parts.length > 1) data.amount = Number(parts[1]);
    if (data.type === "each") {
      var players = [];
      root.querySelectorAll("form.player input[name=player]").forEach(function (el) { players.push(Number(el.value)); });
      data = { type: "effect", changes: players.map(function (p) { return { player: p, life: data.amount || 0 }; }) };
    }
    data.client_id = newId();
    return data;
  }

  function nudge(data, button) {
    var team = button && button.dataset.team;
    if (!team || (data.type !== "life" && data.type !== "poison")) return;
    var el = root.querySelector("[data-" + data.type + "='" + team + "']");
    if (el) el.textContent = String(Number(el.textContent) + data.amount);
  }

  function send() {
    if (sending) return;
    var q = load();
    showQueue(q);
    if (!q.length) return;
    sending = true;
    var headers = { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf() };
    if (key) headers["X-Team-Key"] = key;
    fetch(api, { method: "POST", credentials: "same-origin", headers: headers, body: JSON.stringify(q[0]) })
      .then(function (r) {
        return r.json().then(function (body) { return { status: r.status, body: body }; });
      })
      .then(function (res) {
        sending = false;
        var rest = load().filter(function (e) { return e.client_id !== q[0].client_id; });
        if (res.status === 200 || res.status === 201) {
          failures = 0;
          save(rest);
          render(res.body.state);
          if (!rest.length && res.status === 200) refetch();  // a retry: its answer is older
          send();
        } else if (res.status >= 400 && res.status < 500) {
          save(rest);
          showQueue(rest, res.body.detail || (queueLine && queueLine.dataset.refused) || "That change was refused.");
          refetch();
        } else {
          later();
        }
      }, function () { sending = false; later(); });
  }
  // Not sent (no network, or a server host stopped: the proxy answers 502 at once rather than
  // send a write twice): again soon, then less often. The same client_id is stored once.
  var RETRY_MS = [300, 1000, 3000];
  function later() {
    showQueue(load());
    if (retry) clearTimeout(retry);
    retry = setTimeout(send, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures += 1;
  }

  function structural(state) {
    return String(state.game) !== root.dataset.game || state.status !== root.dataset.status ||
      String(state.starter || "") !== root.dataset.starter;
  }

  function render(state) {
    if (!state || state.seq < seq) return;
    seq = state.seq;
    if (structural(state) && !load().length) { window.location.reload(); return; }
    state.teams.forEach(function (t) {
      var life = root.querySelector("[data-life='" + t.team + "']");
      var poison = root.querySelector("[data-poison='" + t.team + "']");
      if (life) life.textContent = t.life;
      if (poison) poison.textContent = t.poison;
      // Every side on the page (the scores, and the halves of the phone in the middle).
      root.querySelectorAll("[data-side='" + t.team + "']").forEach(function (side) {
        side.classList.toggle("active", state.active_team === t.team);
        side.classList.toggle("lost", !!t.lost);
        var tag = side.querySelector("[data-turn-tag]");
        if (tag) tag.hidden = state.active_team !== t.team;
      });
    });
    var line = root.querySelector("[data-clock-line]");
    if (line && clockState(state) !== line.dataset.state) clockRefresh(clockState(state));
    var turn = root.querySelector("[data-turn-line]");
    if (turn) {
      var active = root.querySelector("[data-side='" + state.active_team + "'] [data-side-name]");
      var turnText = (turn.dataset.format || "Turn {turn}").replace("{turn}", state.turn);
      turn.textContent = turnText + (active ? ": " + active.textContent.trim() : "");
    }
    renderUndo(state);
    if (!renderLog(state)) refetch();
  }

  // The Undo button names the state's last_action, the latest action still in force, the same
  // on every phone whoever entered it; the button sends an undo without amount, so the server
  // undoes the action latest when it stores the undo (docs/api.md "Tracker"). A page in another
  // language takes the words from its log, fetched again in that language (logRefresh).
  function renderUndo(state) {
    var form = root.querySelector("[data-undo-form]");
    if (!form || !("last_action" in state)) return;
    var last = state.last_action;
    form.hidden = !last;
    if (!last) return;
    var button = form.querySelector("button");
    button.dataset.seq = last.seq;
    if (!root.dataset.logPart) undoLabel(last.text);
  }
  function undoLabel(text) {
    var button = root.querySelector("[data-undo-form] button");
    if (button) button.textContent = (button.dataset.format || "Undo: {text}").replace("{text}", text);
  }

  var logAsked = 0;
  function logRefresh() {
    var part = root.dataset.logPart;
    var asked = ++logAsked;
    fetch(window.location.pathname + part, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        var list = root.querySelector("[data-log]");
        if (html === null || !list || asked !== logAsked) return;
        var box = document.createElement("div");
        box.innerHTML = html.trim();
        var fresh = box.querySelector("[data-log]");
        if (!fresh) return;
        list.replaceWith(fresh);
        var button = root.querySelector("[data-undo-form] button");
        if (button && fresh.dataset.lastSeq === button.dataset.seq) undoLabel(fresh.dataset.lastText);
      }, function () {});
  }

  function rowItem(row, staff) {
    var li = document.createElement("li");
    li.dataset.seq = row.seq;
    if (!row.applied) li.className = "void";
    var n = document.createElement("span");
    n.className = "seq";
    n.textContent = "#" + row.seq;
    li.appendChild(n);
    li.appendChild(document.createTextNode(" " + row.text));
    if (staff) {
      var who = document.createElement("small");
      who.className = "who";
      who.textContent = " " + (row.by || "?") + " · " + clockTime(row.at);
      li.appendChild(who);
    }
    return li;
  }

  // A row's time (ISO, UTC) in the page's zone (data-zone: the event's), as the server writes it.
  function clockTime(at) {
    var moment = new Date(at || "");
    if (isNaN(moment)) return "";
    try {
      return moment.toLocaleTimeString("en-GB", { timeZone: root.dataset.zone || "UTC", hour12: false });
    } catch (e) { return String(at).slice(11, 19); }
  }

  // Draws the log of a state; false when its rows do not follow the rows the page has (it
  // missed messages) and the game must be read again.
  function renderLog(state) {
    var list = root.querySelector("[data-log]");
    var log = state.log;
    if (!list || !log) return true;
    if (root.dataset.logPart) { logRefresh(); return true; }
    var staff = root.classList.contains("judge");
    if (state.log_total == null || log.length >= state.log_total) {
      var rows = log.slice().reverse();
      if (!staff) rows = rows.slice(0, LOG_SHOWN);
      list.textContent = "";
      rows.forEach(function (row) { list.appendChild(rowItem(row, staff)); });
      return true;
    }
    return mergeLog(list, log, staff);
  }

  // A live message (or a write's answer) carries only the latest rows: each replaces the row of
  // its seq or comes first as a new one (the list is newest first).
  function mergeLog(list, log, staff) {
    var known = list.querySelectorAll("li[data-seq]");
    var last = known.length ? Number(known[0].dataset.seq) : 0;
    if (!log.length) return true;
    if (log[0].seq > last + 1) return false;
    // An undo names the row it changed, which a judge's page shows even beyond the rows sent.
    var older = log.some(function (row) {
      return row.type === "undo" && row.amount != null && row.amount < log[0].seq;
    });
    if (staff && older) return false;
    log.forEach(function (row) {
      var old = list.querySelector("li[data-seq='" + row.seq + "']");
      if (old) { old.replaceWith(rowItem(row, staff)); return; }
      if (row.seq <= last) return;  // beyond the rows this page shows
      list.insertBefore(rowItem(row, staff), list.firstChild);
      last = row.seq;
    });
    list.querySelectorAll("li:not([data-seq])").forEach(function (li) { li.remove(); });
    if (!staff) {
      list.querySelectorAll("li[data-seq]").forEach(function (li, i) { if (i >= LOG_SHOWN) li.remove(); });
    }
    return true;
  }

  function refetch() {
    var headers = { Accept: "application/json" };
    if (key) headers["X-Team-Key"] = key;
    var url = api ? api.replace(/events\/$/, "") : null;
    if (!url) { window.location.reload(); return; }
    fetch(url, { credentials: "same-origin", headers: headers })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) { if (state) { seq = -1; render(state); } }, function () {});
  }

  root.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute("data-event") || !api) return;
    e.preventDefault();
    var button = e.submitter;
    var data = eventOf(form, button);
    var q = load();
    q.push(data);
    save(q);
    nudge(data, button);
    send();
  });

  // The clock line: the server's words for the round clock at this table, which depend on the
  // game (the turn and the active team once time is called, the game, its end). It is fetched
  // again at once whenever those change (``want``: the state it must show, as data-state
  // writes it), every time, however fast the turns pass: only the answer to the latest request
  // is put in, and an answer read before the latest event this page knows (data-seq) is asked
  // again. The countdown's end and the 30-second timer (extensions, a paused clock) are
  // throttled.
  var clockOffset = 0, clockAsked = 0, clockToken = 0, clockWant = null, clockRetried = null;
  function clockState(state) {
    var active = state.active_team == null ? "" : String(state.active_team);
    return [state.turn, active, state.game, state.status].join(":");
  }
  function clockRefresh(want) {
    var part = root.dataset.clockPart;
    if (!part) return;
    if (typeof want === "string") {
      if (want === clockWant) return;  // asked already
      clockWant = want;
    } else if (Date.now() - clockAsked < 2000) {
      return;
    }
    clockAsked = Date.now();
    var token = ++clockToken;
    var url = window.location.pathname + part;
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (token !== clockToken) return;  // a later request is on its way
        clockWant = null;
        var line = root.querySelector("[data-clock-line]");
        if (html === null || !line) return;
        var box = document.createElement("div");
        box.innerHTML = html.trim();
        var fresh = box.querySelector("[data-clock-line]");
        if (!fresh) return;
        line.replaceWith(fresh);
        clockStart();
        if (Number(fresh.dataset.seq) < seq && clockRetried !== seq) {
          clockRetried = seq;  // read before the latest event: once more
          clockRefresh(":" + seq);
        }
      }, function () { if (token === clockToken) clockWant = null; });
  }
  function clockPad(n) { return (n < 10 ? "0" : "") + n; }
  function clockStart() {
    var line = root.querySelector("[data-clock-line]");
    var now = line && Date.parse(line.dataset.serverNow || "");
    clockOffset = now ? now - Date.now() : 0;
  }
  function clockTick() {
    var line = root.querySelector("[data-clock-line]");
    if (!line || !line.dataset.endsAt) return;
    var left = Math.ceil((Date.parse(line.dataset.endsAt) - Date.now() - clockOffset) / 1000);
    if (left <= 0) { delete line.dataset.endsAt; clockRefresh(); return; }
    var clock = Math.floor(left / 60) + ":" + clockPad(left % 60);
    var text = (line.dataset.leftFormat || "{clock} left").replace("{clock}", clock);
    var ext = Number(line.dataset.extension || 0);
    var extText = (line.dataset.extensionFormat || "(+{minutes} min extension)").replace("{minutes}", ext);
    line.textContent = ext ? text + " " + extText : text;
  }
  clockStart();
  setInterval(clockTick, 1000);
  setInterval(clockRefresh, 30000);

  // A block of the page following its own live topic (a judge's call: its ruling may give the
  // table an extension) asks for the clock line again.
  root.addEventListener("live:change", function (e) { if (e.target !== root) clockRefresh(); });
  window.addEventListener("online", send);
  if (root.dataset.follow && window.Live) {
    window.Live.subscribe(root.dataset.follow, function (msg) {
      if (load().length) return;
      // A live message carries only the log rows its event changed (docs/api.md "Tracker").
      render(msg.data);
    }, { since: root.dataset.followSince });
  }
  send();
})();

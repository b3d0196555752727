/* "Notify this phone" on the team's page (templates/tournament/_notify.html; docs/api.md, "Push
 * notifications").
 *
 * Where Web Push works (HTTPS, a service worker, the Push API, notifications not blocked; on iOS
 * only from the home screen), the button asks for the permission, subscribes the team's worker
 * (static/js/pwa.js) with the server's key (GET data-key-url: {public_key}, base64url) and sends
 * the subscription (POST data-subscriptions-url with X-Team-Key: the browser's PushSubscription
 * JSON plus the player chosen and the page's language; 201 {id}). The id is kept in
 * localStorage ("tandem-push:/t/<key>/") to turn it off again (DELETE .../<id>/).
 * Elsewhere the section says why, and what to do (install to the home screen, allow, or keep the
 * page open: static/js/alerts.js then beeps, vibrates and changes the title).
 * window.TandemNotify.active() tells whether this phone gets the team's pushes.
 */
(function () {
  "use strict";
  var root = document.getElementById("notify");
  var pwa = window.TandemPwa;
  if (!root || !pwa) return;
  var teamKey = root.getAttribute("data-team-key");
  var storeName = "tandem-push:" + pwa.scope;
  var on = root.querySelector("[data-notify-on]");
  var off = root.querySelector("[data-notify-off]");
  var installPrompt = null;

  function stored(value) {
    try {
      if (value === undefined) return JSON.parse(window.localStorage.getItem(storeName) || "null");
      if (value === null) { window.localStorage.removeItem(storeName); } else { window.localStorage.setItem(storeName, JSON.stringify(value)); }
    } catch (e) { /* private mode or bad JSON: nothing kept */ }
    return null;
  }

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }

  function headers() {
    return { "Content-Type": "application/json", "Accept": "application/json", "X-Team-Key": teamKey, "X-CSRFToken": csrf() };
  }

  function standalone() {
    return navigator.standalone === true ||
      (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
  }

  function ios() {
    return /iPad|iPhone|iPod/.test(navigator.userAgent) ||
      (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  }

  /* Why push cannot work on this phone, or "ok". */
  function support() {
    if (!window.isSecureContext) return "http";
    if (ios() && !standalone()) return "ios";
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
    if (Notification.permission === "denied") return "denied";
    return "ok";
  }

  function why(name) {
    Array.prototype.forEach.call(root.querySelectorAll("[data-why]"), function (p) {
      var shown = p.getAttribute("data-why") === name;
      if (p.getAttribute("data-why") === "install") shown = name === "ok" && !standalone() && !ios();
      p.hidden = !shown;
    });
  }

  function show(subscribed, reason) {
    var info = stored();
    on.hidden = subscribed || reason !== "ok";
    off.hidden = !subscribed;
    root.querySelector("[data-fallback]").hidden = subscribed;
    if (subscribed) {
      var state = root.querySelector("[data-notify-state]");
      state.textContent = info && info.name
        ? state.getAttribute("data-player").replace("{name}", info.name)
        : state.getAttribute("data-team");
    }
    why(reason);
    root.hidden = false;
  }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function json(response) {
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }

  function registration() {
    return pwa.registration().then(function (reg) {
      if (!reg) throw new Error("no worker");
      return navigator.serviceWorker.ready;
    });
  }

  function subscribe(event) {
    event.preventDefault();
    var button = on.querySelector("button");
    var select = on.querySelector("select");
    var player = select && select.value ? select.value : "";
    var name = player ? select.options[select.selectedIndex].text : "";
    button.disabled = true;
    var subscription = null;
    Promise.resolve(Notification.requestPermission()).then(function (permission) {
      if (permission !== "granted") throw new Error(permission === "denied" ? "denied" : "dismissed");
      return Promise.all([registration(), fetch(root.getAttribute("data-key-url"), { headers: { Accept: "application/json" } }).then(json)]);
    }).then(function (found) {
      return found[0].pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(found[1].public_key) });
    }).then(function (sub) {
      subscription = sub;
      var body = sub.toJSON();
      body.language = root.getAttribute("data-language");
      if (player) body.player = Number(player);
      return fetch(root.getAttribute("data-subscriptions-url"), {
        method: "POST", credentials: "same-origin", headers: headers(), body: JSON.stringify(body)
      }).then(json);
    }).then(function (answer) {
      stored({ id: answer.id, player: player ? Number(player) : null, name: name, endpoint: subscription.endpoint });
      show(true, "ok");
    }).catch(function (error) {
      if (subscription) subscription.unsubscribe().catch(function () {});
      var reason = support();
      show(false, error && error.message === "dismissed" ? "ok" : (reason === "ok" ? "error" : reason));
    }).then(function () { button.disabled = false; });
  }

  function unsubscribe() {
    var info = stored();
    var button = off.querySelector("button");
    button.disabled = true;
    var told = info && info.id != null
      ? fetch(root.getAttribute("data-subscriptions-url") + encodeURIComponent(info.id) + "/", {
        method: "DELETE", credentials: "same-origin", headers: headers()
      }).catch(function () { return null; })
      : Promise.resolve(null);
    var dropped = registration().then(function (reg) { return reg.pushManager.getSubscription(); })
      .then(function (sub) { return sub ? sub.unsubscribe() : null; })
      .catch(function () { return null; });
    Promise.all([told, dropped]).then(function () {
      stored(null);
      button.disabled = false;
      show(false, support());
    });
  }

  /* Whether this phone gets the team's notifications now (alerts.js stays quiet then). */
  function active() {
    return !!stored() && "Notification" in window && Notification.permission === "granted";
  }

  function start() {
    if (document.documentElement.hasAttribute("data-offline-at")) return;  // a copy: nothing to ask
    var reason = support();
    if (reason !== "ok") { show(false, reason); return; }
    pwa.registration().then(function (reg) {
      if (!reg) { show(false, "forgotten"); return null; }
      return navigator.serviceWorker.ready.then(function (ready) { return ready.pushManager.getSubscription(); })
        .then(function (sub) {
          var info = stored();
          if (info && !sub) { stored(null); info = null; }  // the browser dropped it
          show(!!(info && sub && Notification.permission === "granted"), "ok");
        });
    }).catch(function () { show(false, "ok"); });
  }

  on.addEventListener("submit", subscribe);
  off.querySelector("[data-notify-stop]").addEventListener("click", unsubscribe);
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    installPrompt = event;
    root.querySelector("[data-install]").hidden = false;
  });
  root.querySelector("[data-install]").addEventListener("click", function () {
    if (!installPrompt) return;
    installPrompt.prompt();
    installPrompt = null;
    this.hidden = true;
  });
  window.TandemNotify = { active: active };
  start();
})();

/* A "Copy" button beside a link to send (an invitation, a sign-up's join link): data-copy names
 * the input holding it. Without JavaScript (or the clipboard) the button stays hidden and the
 * link is selected text to copy by hand. */
(function () {
  "use strict";
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    var input = document.querySelector(button.dataset.copy);
    if (!input || !navigator.clipboard) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      input.select();
      navigator.clipboard.writeText(input.value).then(function () {
        button.textContent = button.dataset.copied || "Copied";
        setTimeout(function () { button.textContent = label; }, 2000);
      }, function () { input.select(); });
    });
  });
})();

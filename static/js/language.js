/* The language switch at the top of every page (templates/_language.html): choosing a language
 * switches at once, in one tap. Without JavaScript the form's "Change" button sends it. */
(function () {
  "use strict";
  document.querySelectorAll("form.language").forEach(function (form) {
    var select = form.querySelector("select");
    var button = form.querySelector("button");
    if (!select) return;
    if (button) button.hidden = true;
    select.addEventListener("change", function () { form.submit(); });
  });
})();

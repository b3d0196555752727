// Printouts: the Print button opens the browser's print dialog (hidden without JavaScript,
// where the page says how to print).
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
});

// The han/fu table: a chosen amount's derivation shows beside the table (desktop) or in a
// sheet over it (phone), so the table keeps its place. Escape, the Close button or a tap
// outside the sheet closes it, and the focus goes back to the amount. Without this script
// an amount is a link to its own page.
(() => {
  "use strict";
  const phone = window.matchMedia("(max-width: 63.99rem)");
  let chosenCell = null;
  let home = null; // where the derivation lives on the page, while it is in the sheet

  const sheet = () => document.getElementById("cell-sheet");
  const openSheet = (detail) => {
    const dialog = sheet();
    if (!dialog) return;
    if (!home) {
      home = document.createComment("cell-detail");
      detail.before(home);
    }
    dialog.append(detail);
    if (!dialog.open) dialog.showModal();
    detail.focus({ preventScroll: true });
  };
  const putBack = () => {
    const detail = document.getElementById("cell-detail");
    if (home && detail) home.after(detail);
  };

  document.addEventListener("htmx:afterSwap", (event) => {
    const target = event.detail.target;
    if (target.id !== "cell-detail") return;
    const chosen = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (chosen && chosen.closest("#hanfu")) {
      document.querySelectorAll("#hanfu [aria-current]").forEach((el) => el.removeAttribute("aria-current"));
      chosen.setAttribute("aria-current", "true");
      chosenCell = chosen;
    }
    if (phone.matches) openSheet(target);
    else target.focus({ preventScroll: true });
  });

  document.addEventListener("click", (event) => {
    const dialog = sheet();
    if (!dialog || !dialog.open) return;
    // The Close button, or a tap on the backdrop (the dialog itself, outside its content).
    if (event.target.closest("[data-close]") || event.target === dialog) dialog.close();
  });
  document.addEventListener("DOMContentLoaded", () => {
    const dialog = sheet();
    if (!dialog) return;
    dialog.addEventListener("close", () => {
      putBack();
      if (chosenCell && document.body.contains(chosenCell)) chosenCell.focus({ preventScroll: true });
    });
  });
})();

// The han/fu table: after a cell's derivation arrives, mark the chosen amount and move the
// focus to the derivation, so keyboard and phone users land on what they asked for.
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  if (target.id !== "cell-detail") return;
  const chosen = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (chosen && chosen.closest("#hanfu")) {
    document.querySelectorAll("#hanfu [aria-current]").forEach((el) => el.removeAttribute("aria-current"));
    chosen.setAttribute("aria-current", "true");
  }
  target.focus();
});

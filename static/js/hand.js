// The hand calculator's page: the shared tile picker (tile_picker.js) on the calculator's
// fields, and a "change" on the form after each edit so htmx fetches the new result. Without
// this script the palette's buttons submit the form and the server makes the same edits.
(() => {
  "use strict";
  const form = document.getElementById("calc-form");
  if (!form || !window.TilePicker) return;
  const field = (name) => form.elements.namedItem(name);
  const byId = (id) => document.getElementById(id);
  const picker = window.TilePicker.attach(form, {
    fields: { hand: field("hand"), melds: field("melds"), dora: field("dora"), ura: field("ura") },
    strips: {
      hand: byId("hand-tiles"), melds: byId("meld-list"), wins: byId("win-choices"),
      dora: byId("dora-tiles"), ura: byId("ura-tiles"), note: byId("palette-note"),
    },
    winName: "win",
    modeName: "mode",
    buttonType: "submit",
    back: form.dataset.back,
    onChange: () => form.dispatchEvent(new Event("change", { bubbles: true })),
  });
  form.addEventListener("input", (event) => {
    if (event.target.classList.contains("calc-text")) picker.draw();
  });
})();

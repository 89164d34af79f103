// A game's hand entry: each seat's "build the whole hand" gets the hand calculator's tile
// picker (tile_picker.js) on that seat's typed fields (tiles, melds, winning tile) and the
// hand's shared dora and ura indicators. Without this script the typed fields do the same.
(() => {
  "use strict";
  const form = document.querySelector("form.hand-form");
  if (!form) return;
  // A riichi player is tenpai at a draw unless the table says otherwise: ticking riichi ticks
  // tenpai (it can be unticked; the settlement then warns of the chombo).
  form.addEventListener("change", (event) => {
    const box = event.target;
    if (box.name !== "riichi" || !box.checked) return;
    const tenpai = form.querySelector(`input[name="tenpai"][value="${box.value}"]`);
    if (tenpai) tenpai.checked = true;
  });
  if (!window.TilePicker) return;
  const field = (name) => form.elements.namedItem(name);
  const pickers = [];
  const drawAll = () => pickers.forEach((p) => p.draw());
  form.querySelectorAll("details.whole-hand[data-seat]").forEach((box) => {
    const seat = box.dataset.seat;
    const one = (role) => box.querySelector(`[data-picker="${role}"]`);
    box.querySelectorAll("[hidden]").forEach((el) => el.removeAttribute("hidden"));
    const won = form.querySelector(`input[name="winners"][value="${seat}"]`);
    pickers.push(
      window.TilePicker.attach(box, {
        fields: {
          hand: field(`tiles_${seat}`), melds: field(`melds_${seat}`), win: field(`win_${seat}`),
          dora: field("dora"), ura: field("ura"),
        },
        strips: {
          hand: one("hand"), melds: one("melds"), wins: one("wins"),
          dora: one("dora"), ura: one("ura"), note: one("note"),
        },
        winName: `pick_win_${seat}`,
        modeName: `mode_${seat}`,
        buttonType: "button",
        back: form.dataset.back,
        onChange: () => {
          // Building a hand is saying this player won; the indicators are everyone's.
          if (won && !won.checked && field(`tiles_${seat}`).value.trim()) won.checked = true;
          drawAll();
        },
      }),
    );
  });
  form.addEventListener("input", (event) => {
    if (event.target.matches("input[type='text']")) drawAll();
  });
})();

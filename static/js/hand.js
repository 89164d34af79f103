// The hand calculator's palette: clicks edit the MPSZ text fields, the tile strips follow the
// text, and a "change" on the form lets htmx fetch the new result. Without this script the
// palette's buttons submit the form and the server makes the same edits.
(() => {
  "use strict";
  const form = document.getElementById("calc-form");
  if (!form) return;

  const SUITS = "mpsz";
  const SIZES = { chi: 3, pon: 3, kan: 4, ankan: 4 };
  const MELD_NAMES = { chi: "chi", pon: "pon", kan: "open kan", ankan: "closed kan" };
  const pictures = {}; // code -> { src, name }, read from the palette the server drew
  form.querySelectorAll(".calc-palette [data-code]").forEach((button) => {
    const img = button.querySelector("img");
    pictures[button.dataset.code] = { src: img.getAttribute("src"), name: img.alt };
  });
  const field = (name) => form.elements.namedItem(name);

  // ---- MPSZ text ⇄ tile codes (the server's engine is the judge; this only follows) ----
  const parse = (text) => {
    const codes = [];
    let digits = "";
    for (const ch of text.replace(/\s+/g, "")) {
      if (/\d/.test(ch)) digits += ch;
      else if (SUITS.includes(ch) && digits) {
        for (const d of digits) codes.push(d + ch);
        digits = "";
      } else return null;
    }
    if (digits || codes.some((c) => !pictures[c])) return null;
    return codes;
  };
  const format = (codes) => {
    let out = "";
    codes.forEach((c, i) => {
      out += c[0];
      if (i === codes.length - 1 || codes[i + 1][1] !== c[1]) out += c[1];
    });
    return out;
  };
  const kind = (c) => (c[0] === "0" ? "5" + c[1] : c);
  const order = (c) => SUITS.indexOf(c[1]) * 10 + Number(kind(c)[0]);
  const melds = () => field("melds").value.split(",").map((m) => m.trim()).filter(Boolean);
  const meldCodes = (m) => parse(m.split(" ").slice(1).join("")) || [];
  const handCodes = () => parse(field("hand").value) || [];
  const winRadio = () => form.querySelector('input[name="win"]:checked');

  const counts = () => {
    const all = [...handCodes(), ...melds().flatMap(meldCodes)];
    all.push(...(parse(field("dora").value) || []), ...(parse(field("ura").value) || []));
    const n = {};
    for (const c of all) {
      n[kind(c)] = (n[kind(c)] || 0) + 1;
      if (c[0] === "0") n[c] = (n[c] || 0) + 1;
    }
    return n;
  };
  const room = () => 14 - 3 * melds().length - handCodes().length;

  // ---- Drawing: the same markup the server writes in hand.html ----
  const img = (code, width, alt) => {
    const el = document.createElement("img");
    el.src = code === "back" ? form.dataset.back : pictures[code].src;
    el.alt = alt ?? pictures[code].name;
    el.width = width;
    el.height = Math.floor((width * 4) / 3);
    return el;
  };
  const tileButton = (code, value, width) => {
    const b = document.createElement("button");
    b.type = "submit";
    b.name = "remove";
    b.value = value;
    b.className = "calc-tile";
    b.title = `Take out ${pictures[code].name}`;
    b.setAttribute("aria-label", b.title);
    b.append(img(code, width));
    return b;
  };
  const empty = (text) => Object.assign(document.createElement("span"), { className: "calc-empty", textContent: text });
  const drawStrip = (id, name, width, emptyText) => {
    const box = document.getElementById(id);
    const codes = parse(field(name).value);
    if (codes === null) return; // half-typed ("234m5"): keep the last tiles that made sense
    box.replaceChildren(...codes.map((c, i) => tileButton(c, `${name}:${i}`, width)));
    if (!codes.length && emptyText) box.append(empty(emptyText));
  };
  // A closed kan lies with its outer tiles face down: a red five goes to the middle, face up,
  // since it counts a han (as the server's tiles tag draws it).
  const faceUpReds = (codes) => {
    const reds = codes.filter((c) => c[0] === "0");
    const plain = codes.filter((c) => c[0] !== "0");
    return reds.length && plain.length ? [plain[0], ...reds, ...plain.slice(1)] : codes;
  };
  const meldPicture = (text) => {
    const [word] = text.split(" ");
    const codes = word === "ankan" ? faceUpReds(meldCodes(text)) : meldCodes(text);
    const row = document.createElement("span");
    row.className = "tiles tiles--sm tiles--meld";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `${MELD_NAMES[word]} ${text.split(" ").slice(1).join("")}`);
    const group = document.createElement("span");
    group.className = "tile-group";
    codes.forEach((c, i) => {
      const down = word === "ankan" && (i === 0 || i === codes.length - 1);
      const span = document.createElement("span");
      span.className = "tile" + (word !== "ankan" && i === 0 ? " tile--side" : "");
      span.append(img(down ? "back" : c, 28, pictures[c].name + (down ? " (face down)" : "")));
      group.append(span);
    });
    row.append(group);
    return row;
  };
  const drawMelds = () => {
    const box = document.getElementById("meld-list");
    const list = melds().filter((m) => SIZES[m.split(" ")[0]] && meldCodes(m).length);
    box.replaceChildren(
      ...list.map((m, i) => {
        const b = document.createElement("button");
        Object.assign(b, { type: "submit", name: "remove", value: `melds:${i}`, className: "calc-meld", title: `Take out ${m}` });
        b.setAttribute("aria-label", `Take out ${m}`);
        b.append(meldPicture(m));
        return b;
      }),
    );
    if (!list.length) box.append(empty("None: a closed hand."));
  };
  const drawWins = (chosen) => {
    const box = document.getElementById("win-choices");
    const codes = parse(field("hand").value);
    if (codes === null) return;
    const distinct = [...new Set(codes)];
    const win = distinct.includes(chosen) ? chosen : room() === 0 ? codes[codes.length - 1] : "";
    box.replaceChildren(
      ...distinct.map((c) => {
        const label = document.createElement("label");
        label.className = "calc-win";
        const radio = Object.assign(document.createElement("input"), { type: "radio", name: "win", value: c, checked: c === win });
        const picture = img(c, 28);
        picture.title = pictures[c].name;
        label.append(radio, picture);
        return label;
      }),
    );
    if (!distinct.length) box.append(empty("Add tiles first."));
  };
  const drawPalette = () => {
    const n = counts();
    const mode = form.querySelector('input[name="mode"]:checked')?.value || "hand";
    const free = room();
    let note = "";
    form.querySelectorAll(".calc-palette [data-code]").forEach((b) => {
      const c = b.dataset.code;
      const used = (n[kind(c)] || 0) >= 4 || (c[0] === "0" && n[c] >= 1);
      const fits = mode === "hand" ? free > 0 : SIZES[mode] ? free >= 3 : true;
      b.disabled = used || !fits || (mode === "chi" && c[1] === "z");
    });
    if (mode === "hand" && free <= 0) note = "The hand is full: take a tile out to add another.";
    if (SIZES[mode] && free < 3) note = "No room for another meld: take tiles out of the hand first.";
    document.getElementById("palette-note").textContent = note;
  };
  const draw = () => {
    drawStrip("hand-tiles", "hand", 36, "No tiles yet.");
    drawStrip("dora-tiles", "dora", 28);
    drawStrip("ura-tiles", "ura", 28);
    drawMelds();
    drawWins(winRadio()?.value);
    drawPalette();
  };
  const changed = () => {
    draw();
    form.dispatchEvent(new Event("change", { bubbles: true }));
  };

  // ---- Edits, the same as the server's apply_edit ----
  const meldFor = (mode, code) => {
    if (mode === "chi") {
      if (code[1] === "z") return null;
      const start = Math.min(Number(kind(code)[0]), 7);
      const codes = [0, 1, 2].map((k) => (String(start + k) === kind(code)[0] ? code : start + k + code[1]));
      return `chi ${format(codes)}`;
    }
    return `${mode} ${format([code, ...Array(SIZES[mode] - 1).fill(kind(code))])}`;
  };
  const add = (code) => {
    const mode = form.querySelector('input[name="mode"]:checked')?.value || "hand";
    if (mode === "hand") {
      const codes = handCodes();
      const before = codes.map((c, i) => (order(c) <= order(code) ? i : -1)).filter((i) => i >= 0);
      const at = before.length ? before[before.length - 1] + 1 : 0;
      codes.splice(at, 0, code);
      field("hand").value = format(codes);
      if (room() === 0 && !winRadio()) {
        draw();
        const radio = form.querySelector(`input[name="win"][value="${code}"]`);
        if (radio) radio.checked = true;
      }
    } else if (mode === "dora" || mode === "ura") {
      field(mode).value += code;
    } else {
      const meld = meldFor(mode, code);
      if (meld) field("melds").value = [...melds(), meld].join(", ");
    }
    changed();
  };
  const remove = (target) => {
    const [name, index] = target.split(":");
    if (name === "melds") {
      field("melds").value = melds().filter((_, i) => i !== Number(index)).join(", ");
    } else {
      const codes = parse(field(name).value) || [];
      codes.splice(Number(index), 1);
      field(name).value = format(codes);
    }
    changed();
  };

  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[name='add'], button[name='remove']");
    if (!button || button.disabled) return;
    event.preventDefault();
    if (button.name === "add") add(button.value);
    else remove(button.value);
  });
  form.addEventListener("input", (event) => {
    if (event.target.classList.contains("calc-text")) draw();
  });
  form.addEventListener("change", (event) => {
    if (event.target.name === "mode") drawPalette();
  });
  draw();
})();

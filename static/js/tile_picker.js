// The tile picker, shared by the hand calculator and the games' hand entry: palette clicks
// edit MPSZ text fields (the hand, the melds in the calculator's words, the dora and ura
// indicators), and the tile strips, the winning-tile choices and the palette follow the text.
// The server's engine is the judge of the hand; this only edits and draws.
//
//   TilePicker.attach(root, {
//     fields: { hand, melds, dora, ura, win? },  // inputs; `win` a text input, if any
//     strips: { hand, melds, wins, dora?, ura?, note },  // elements the picker draws into
//     winName, modeName,   // the names of the winning-tile radios and of the mode radios
//     buttonType,          // "submit" (the calculator: no-JS clicks submit) or "button"
//     back,                // the face-down tile's picture
//     onChange,            // called after each edit
//   }) → { draw }
(() => {
  "use strict";
  const SUITS = "mpsz";
  const SIZES = { chi: 3, pon: 3, kan: 4, ankan: 4 };
  const MELD_WORDS = ["chi", "pon", "kan", "ankan"];
  // The words the picker writes, in the page's language: the palette's data-* attributes
  // (templates/scoring/_palette.html), English when one is missing.
  const ENGLISH = {
    takeOut: "Take out {tile}", faceDown: "{tile} (face down)",
    meldTyped: "chi,pon,kan,ankan", meldNames: "chi,pon,open kan,closed kan",
    emptyHand: "No tiles yet.", emptyMelds: "None: a closed hand.", emptyWins: "Add tiles first.",
    handFull: "The hand is full: take a tile out to add another.",
    noRoom: "No room for another meld: take tiles out of the hand first.",
  };
  const wordsOf = (root) => {
    const palette = root.querySelector("[data-picker='palette']");
    const words = { ...ENGLISH, ...(palette ? palette.dataset : {}) };
    const byMeld = (list) => Object.fromEntries(MELD_WORDS.map((w, i) => [w, list.split(",")[i] || w]));
    return { ...words, typed: byMeld(words.meldTyped), names: byMeld(words.meldNames) };
  };
  const fill = (template, tile) => template.replace("{tile}", tile);

  const attach = (root, options) => {
    const { fields, strips } = options;
    const buttonType = options.buttonType || "submit";
    const words = wordsOf(root);
    const MELD_NAMES = words.names;
    const pictures = {}; // code -> { src, name }, read from the palette the server drew
    root.querySelectorAll("[data-picker='palette'] [data-code]").forEach((button) => {
      const picture = button.querySelector("img");
      pictures[button.dataset.code] = { src: picture.getAttribute("src"), name: picture.alt };
    });

    // ---- MPSZ text ⇄ tile codes ----
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
    const value = (name) => (fields[name] ? fields[name].value : "");
    const kind = (c) => (c[0] === "0" ? "5" + c[1] : c);
    const order = (c) => SUITS.indexOf(c[1]) * 10 + Number(kind(c)[0]);
    const melds = () => value("melds").split(",").map((m) => m.trim()).filter(Boolean);
    const meldCodes = (m) => parse(m.split(" ").slice(1).join("")) || [];
    const handCodes = () => parse(value("hand")) || [];
    const modeOf = () => root.querySelector(`input[name="${options.modeName}"]:checked`)?.value || "hand";
    const chosenWin = () =>
      fields.win ? fields.win.value.trim() : root.querySelector(`input[name="${options.winName}"]:checked`)?.value;

    const counts = () => {
      const all = [...handCodes(), ...melds().flatMap(meldCodes)];
      all.push(...(parse(value("dora")) || []), ...(parse(value("ura")) || []));
      const n = {};
      for (const c of all) {
        n[kind(c)] = (n[kind(c)] || 0) + 1;
        if (c[0] === "0") n[c] = (n[c] || 0) + 1;
      }
      return n;
    };
    const room = () => 14 - 3 * melds().length - handCodes().length;

    // ---- Drawing: the same markup the server writes ----
    const img = (code, width, alt) => {
      const el = document.createElement("img");
      el.src = code === "back" ? options.back : pictures[code].src;
      el.alt = alt ?? pictures[code].name;
      el.width = width;
      el.height = Math.floor((width * 4) / 3);
      return el;
    };
    const tileButton = (code, target, width) => {
      const b = document.createElement("button");
      b.type = buttonType;
      b.name = "remove";
      b.value = target;
      b.className = "calc-tile";
      b.title = fill(words.takeOut, pictures[code].name);
      b.setAttribute("aria-label", b.title);
      b.append(img(code, width));
      return b;
    };
    const empty = (text) => Object.assign(document.createElement("span"), { className: "calc-empty", textContent: text });
    const drawStrip = (box, name, width, emptyText) => {
      if (!box) return;
      const codes = parse(value(name));
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
        span.append(img(down ? "back" : c, 28, down ? fill(words.faceDown, pictures[c].name) : pictures[c].name));
        group.append(span);
      });
      row.append(group);
      return row;
    };
    const drawMelds = () => {
      const box = strips.melds;
      const list = melds().filter((m) => SIZES[m.split(" ")[0]] && meldCodes(m).length);
      box.replaceChildren(
        ...list.map((m, i) => {
          const b = document.createElement("button");
          const [word, ...rest] = m.split(" ");
          const label = fill(words.takeOut, [words.typed[word] || word, ...rest].join(" "));
          Object.assign(b, { type: buttonType, name: "remove", value: `melds:${i}`, className: "calc-meld", title: label });
          b.setAttribute("aria-label", label);
          b.append(meldPicture(m));
          return b;
        }),
      );
      if (!list.length) box.append(empty(words.emptyMelds));
    };
    const drawWins = (chosen) => {
      const box = strips.wins;
      const codes = parse(value("hand"));
      if (codes === null) return;
      const distinct = [...new Set(codes)];
      const win = distinct.includes(chosen) ? chosen : room() === 0 ? codes[codes.length - 1] : "";
      if (fields.win && win !== chosen && win) fields.win.value = win;
      box.replaceChildren(
        ...distinct.map((c) => {
          const label = document.createElement("label");
          label.className = "calc-win";
          const radio = Object.assign(document.createElement("input"), {
            type: "radio", name: options.winName, value: c, checked: c === win,
          });
          const picture = img(c, 28);
          picture.title = pictures[c].name;
          label.append(radio, picture);
          return label;
        }),
      );
      if (!distinct.length) box.append(empty(words.emptyWins));
    };
    const drawPalette = () => {
      const n = counts();
      const mode = modeOf();
      const free = room();
      let note = "";
      root.querySelectorAll("[data-picker='palette'] [data-code]").forEach((b) => {
        const c = b.dataset.code;
        const used = (n[kind(c)] || 0) >= 4 || (c[0] === "0" && n[c] >= 1);
        const fits = mode === "hand" ? free > 0 : SIZES[mode] ? free >= 3 : true;
        b.disabled = used || !fits || (mode === "chi" && c[1] === "z");
      });
      if (mode === "hand" && free <= 0) note = words.handFull;
      if (SIZES[mode] && free < 3) note = words.noRoom;
      strips.note.textContent = note;
    };
    const draw = () => {
      drawStrip(strips.hand, "hand", 36, words.emptyHand);
      drawStrip(strips.dora, "dora", 28);
      drawStrip(strips.ura, "ura", 28);
      drawMelds();
      drawWins(chosenWin());
      drawPalette();
    };
    const changed = () => {
      draw();
      if (options.onChange) options.onChange();
    };

    // ---- Edits, the same as the server's hand_query.add_tile / remove_tile ----
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
      const mode = modeOf();
      if (mode === "hand") {
        const codes = handCodes();
        const before = codes.map((c, i) => (order(c) <= order(code) ? i : -1)).filter((i) => i >= 0);
        const at = before.length ? before[before.length - 1] + 1 : 0;
        codes.splice(at, 0, code);
        fields.hand.value = format(codes);
        if (room() === 0 && !chosenWin()) {
          if (fields.win) fields.win.value = code;
          else {
            draw();
            const radio = root.querySelector(`input[name="${options.winName}"][value="${code}"]`);
            if (radio) radio.checked = true;
          }
        }
      } else if (mode === "dora" || mode === "ura") {
        fields[mode].value += code;
      } else {
        const meld = meldFor(mode, code);
        if (meld) fields.melds.value = [...melds(), meld].join(", ");
      }
      changed();
    };
    const remove = (target) => {
      const [name, index] = target.split(":");
      if (name === "melds") {
        fields.melds.value = melds().filter((_, i) => i !== Number(index)).join(", ");
      } else if (fields[name]) {
        const codes = parse(fields[name].value) || [];
        codes.splice(Number(index), 1);
        fields[name].value = format(codes);
        if (name === "hand" && fields.win && !codes.includes(fields.win.value.trim())) fields.win.value = "";
      }
      changed();
    };

    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[name='add'], button[name='remove']");
      if (!button || button.disabled || !root.contains(button)) return;
      event.preventDefault();
      if (button.name === "add") add(button.value);
      else remove(button.value);
    });
    root.addEventListener("change", (event) => {
      if (event.target.name === options.modeName) drawPalette();
      if (fields.win && event.target.name === options.winName) {
        fields.win.value = event.target.value;
        if (options.onChange) options.onChange();
      }
    });
    draw();
    return { draw };
  };

  window.TilePicker = { attach };
})();

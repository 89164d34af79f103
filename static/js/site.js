// Site-wide behaviour of the htmx forms (every page works without this script).
(() => {
  "use strict";

  // What the script says, in the page's language: base.html's #site-words carries each
  // message (translated there); {name} marks where a value goes.
  const words = { ...(document.getElementById("site-words")?.dataset || {}) };
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

  // A request sent while a field is still being typed in says so: the server then answers
  // 204 (nothing swapped) rather than a message about a half-typed number. The message
  // comes once the field is left (change) or the form is sent.
  document.addEventListener("htmx:configRequest", (event) => {
    const trigger = event.detail.triggeringEvent;
    if (trigger && trigger.type === "input") event.detail.headers["Tenbo-Typing"] = "1";
  });

  // A field's message slot (`<p class="field-error" id="…_error">`) marks its field invalid
  // while it holds a message, so screen readers hear it with the field.
  const markInvalid = () => {
    document.querySelectorAll(".field-error[id]").forEach((slot) => {
      const invalid = slot.textContent.trim() !== "";
      document.querySelectorAll(`[aria-describedby~="${slot.id}"]`).forEach((field) => {
        if (invalid) field.setAttribute("aria-invalid", "true");
        else field.removeAttribute("aria-invalid");
      });
    });
  };
  document.addEventListener("htmx:afterSettle", markInvalid);

  // + / − buttons beside a number field (hidden until this script shows them): step through
  // the field's `data-steps` list, or by one between `data-min` and `data-max`.
  const stepped = (field, direction) => {
    const value = Number.parseInt(field.value, 10);
    const steps = (field.dataset.steps || "").split(",").filter(Boolean).map(Number);
    if (steps.length) {
      if (Number.isNaN(value)) return direction > 0 ? steps[0] : steps[steps.length - 1];
      const next = direction > 0 ? steps.find((s) => s > value) : [...steps].reverse().find((s) => s < value);
      return next ?? value;
    }
    const min = Number(field.dataset.min ?? 0);
    const max = Number(field.dataset.max ?? 99);
    if (Number.isNaN(value)) return direction > 0 ? min + (min === 0 ? 1 : 0) : min;
    return Math.min(max, Math.max(min, value + direction));
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    const field = document.getElementById(button.getAttribute("aria-controls"));
    if (!field) return;
    const next = stepped(field, Number(button.dataset.step));
    if (String(next) === field.value) return;
    field.value = String(next);
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
  // What works only with this script (steppers, Print, Copy the link) is hidden until it runs.
  const showSteppers = () => document.querySelectorAll("button[data-step][hidden], [data-needs-js][hidden]").forEach((b) => { b.hidden = false; });
  document.addEventListener("DOMContentLoaded", showSteppers);
  document.addEventListener("htmx:load", showSteppers);

  // Print and Copy buttons (the pages carry no inline handlers: the CSP runs none).
  document.addEventListener("click", (event) => {
    if (event.target.closest("button[data-print]")) {
      window.print();
      return;
    }
    const copy = event.target.closest("button[data-copy]");
    if (!copy) return;
    const status = copy.parentElement.querySelector(".copy-status");
    const say = (text) => { if (status) status.textContent = text; };
    const clipboard = navigator.clipboard;
    if (!clipboard) {
      say(words.copyFailed);
      return;
    }
    clipboard.writeText(copy.dataset.copy).then(
      () => say(words.copied),
      () => say(words.copyFailed),
    );
  });

  // A request that did not get through (the connection dropped, the server failed or refused,
  // too many requests) is said next to what was being done, and nothing is swapped, so what
  // was typed stays in its field to be sent again. Sent from a form (Check, Update): under the
  // form's button; changed fields, a link, a live board: just above the part that would have
  // been updated. The message goes once a request from the same place gets through.
  const messages = new Map(); // a form, or the id of the part updated -> its message
  const placeOf = (detail) => {
    const elt = detail.elt;
    const form = elt && elt.closest ? elt.closest("form") : null;
    const trigger = detail.requestConfig && detail.requestConfig.triggeringEvent;
    if (form && trigger && trigger.type === "submit") {
      // Under the row that holds the button: the form's own child that contains it.
      let row = trigger.submitter || form.querySelector("[type=submit]");
      while (row && row.parentElement !== form) row = row.parentElement;
      return { key: form, kind: "sent", after: row || null, inside: form };
    }
    const target = detail.target || elt;
    const polling = elt && /\bevery\b/.test(elt.getAttribute("hx-trigger") || "");
    // Above the part, or above the grid or row it sits in (a message is no column of a layout).
    let before = target;
    while (before.parentElement && /flex|grid/.test(getComputedStyle(before.parentElement).display)) {
      before = before.parentElement;
    }
    return { key: target.id || target, kind: polling ? "poll" : form ? "choices" : "load", before };
  };
  const reasonOf = (event) => {
    if (event.type === "htmx:timeout") return words.timeout;
    if (event.type === "htmx:sendError") {
      return navigator.onLine === false ? words.offline : words.dropped;
    }
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 429) return words.tooMany;
    if (status === 503) return words.busy;
    return fill(status >= 500 ? words.failed : words.refused, { status });
  };
  const advice = {
    sent: [words.notSent, words.sentAgain],
    choices: [words.notUpdated, words.choicesAgain],
    load: [words.notLoaded, words.tryAgain],
    poll: [words.notUpdated, words.pollAgain],
  };
  const sayFailed = (event) => {
    const place = placeOf(event.detail);
    const [head, tail] = advice[place.kind];
    const text = fill(words.message, { head, reason: reasonOf(event), tail });
    const old = messages.get(place.key);
    // A live board failing again and again says so once, not every few seconds.
    if (old && old.isConnected && old.textContent === text && place.kind === "poll") return;
    if (old) old.remove();
    const message = document.createElement("p");
    message.className = "request-error";
    message.setAttribute("role", place.kind === "poll" ? "status" : "alert");
    message.textContent = text;
    if (place.after) place.after.insertAdjacentElement("afterend", message);
    else if (place.inside) place.inside.append(message);
    else place.before.insertAdjacentElement("beforebegin", message);
    messages.set(place.key, message);
  };
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach((name) => document.addEventListener(name, sayFailed));
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!event.detail.successful) return;
    const elt = event.detail.elt;
    const target = event.detail.target || elt;
    const keys = [elt && elt.closest ? elt.closest("form") : null, target && (target.id || target)];
    keys.filter(Boolean).forEach((key) => {
      const message = messages.get(key);
      if (message) message.remove();
      messages.delete(key);
    });
  });

  // The database too busy to store or read (503 marked Tenbo-Unavailable): show what the
  // server sent, the answer form again with what was typed and why it was not saved, or a
  // note it places before the form (HX-Reswap), rather than nothing. One note at a time; a
  // later answer that gets through takes it away.
  const clearNotes = () => document.querySelectorAll(".unavailable-note").forEach((n) => n.remove());
  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    if (xhr.status !== 503 || !xhr.getResponseHeader("Tenbo-Unavailable")) return;
    clearNotes();
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.xhr && event.detail.xhr.status < 400) clearNotes();
  });

  // A question's answer box takes the keyboard when the question opens (or its form comes
  // back with a message), without scrolling: the prompt and tiles above it stay in view, where
  // `autofocus` would scroll the box up to the top. Not on a touch screen, where the focus
  // would raise the on-screen keyboard over the question before it is read.
  const focusAnswer = (root) => {
    const field = root?.querySelector?.("[data-autofocus]");
    if (!field || window.matchMedia("(pointer: coarse)").matches) return;
    field.focus({ preventScroll: true });
  };
  document.addEventListener("DOMContentLoaded", () => focusAnswer(document));
  document.addEventListener("htmx:afterSwap", (event) => focusAnswer(event.detail.elt));

  // A link to something inside a folded section (a glossary word) opens the section first, so
  // the browser can scroll to it (where it does not open the section itself).
  const unfoldTarget = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id && document.getElementById(id);
    const folded = target?.closest("details:not([open])");
    if (!folded) return;
    folded.open = true;
    target.scrollIntoView();
  };
  document.addEventListener("DOMContentLoaded", unfoldTarget);
  window.addEventListener("hashchange", unfoldTarget);

  // The main menu folds behind its "Menu" button on a phone (the CSS folds it only once the
  // header is marked .menu-folds, so without this script the menu stays open).
  const menuButton = document.querySelector(".menu-button");
  const menu = menuButton && document.getElementById(menuButton.getAttribute("aria-controls"));
  if (menuButton && menu) {
    menuButton.hidden = false;
    menuButton.closest(".site-header").classList.add("menu-folds");
    menuButton.addEventListener("click", () => {
      const open = menuButton.getAttribute("aria-expanded") !== "true";
      menuButton.setAttribute("aria-expanded", String(open));
      menu.classList.toggle("open", open);
      if (open) menu.querySelector("a")?.focus();
    });
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || menuButton.getAttribute("aria-expanded") !== "true") return;
      menuButton.setAttribute("aria-expanded", "false");
      menu.classList.remove("open");
      menuButton.focus();
    });
  }

  // Three-player controls (`data-sanma`: Norths set aside, tsumo loss, …) show only while the
  // form's preset select (`data-sanma-presets`: the three-player presets) has three-player
  // rules; hidden, they go back to "as the preset", before htmx sends the change (capture).
  document.addEventListener(
    "change",
    (event) => {
      const select = event.target.closest ? event.target.closest("select[data-sanma-presets]") : null;
      if (!select || !select.form) return;
      const three = select.dataset.sanmaPresets.split(" ").includes(select.value);
      select.form.querySelectorAll("[data-sanma]").forEach((box) => {
        box.hidden = !three;
        if (!three) box.querySelectorAll("select, input").forEach((field) => { field.value = ""; });
      });
      // and what only four players have (a new game's North seat): hidden and blank at three
      select.form.querySelectorAll("[data-four]").forEach((box) => {
        box.hidden = three;
        if (three) box.querySelectorAll("input").forEach((field) => { field.value = ""; });
      });
    },
    true,
  );
})();

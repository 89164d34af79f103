// Site-wide behaviour of the htmx forms (every page works without this script).
(() => {
  "use strict";

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
  const showSteppers = () => document.querySelectorAll("button[data-step][hidden]").forEach((b) => { b.hidden = false; });
  document.addEventListener("DOMContentLoaded", showSteppers);
  document.addEventListener("htmx:load", showSteppers);

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
})();

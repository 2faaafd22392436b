import { zipAnswer } from "~/components/quote/zip-answer";

/**
 * "Do we serve you?" on the home page's Areas We Serve section: a ZIP box answered at once, from
 * the same ZIP list the contact function decides with (shared/quote/service-area.ts). The box is
 * prerendered `hidden` (the ZIPs served are listed as text beside it) and shown when this starts;
 * the island is marked on the section around it, since a hidden element never comes into view.
 */
export function start(section: HTMLElement) {
  const box = section.querySelector<HTMLElement>("[data-zip-box]");
  const form = box?.querySelector("form");
  const input = box?.querySelector("input");
  const answer = box?.querySelector<HTMLElement>("[data-zip-answer]");
  if (!box || !form || !input || !answer) throw new Error("zip-check: markup missing");

  const show = (value: string, submitted: boolean) => {
    const result = zipAnswer(value, submitted);
    input.setAttribute("aria-invalid", String(result.kind === "invalid"));
    answer.dataset.kind = result.kind;
    answer.replaceChildren();
    if (result.kind === "none") return;
    answer.append(result.text);
    if (result.kind === "in-area") {
      const link = document.createElement("a");
      link.href = result.path;
      link.textContent = `About our ${result.town} crew`;
      answer.append(" ", link);
    }
  };
  input.addEventListener("input", () => show(input.value, false));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show(input.value, true);
  });
  box.hidden = false;
}

import { zipAnswer } from "~/components/quote/zip-answer";
import { pageContentIn } from "../../shared/content/page-content";
import { serviceAreaOf } from "../../shared/quote/service-area";

/**
 * "Do we serve you?" on the home page's Areas We Serve section: a ZIP box answered at once, from
 * the same ZIP list the contact function decides with (shared/quote/service-area.ts). Without
 * JavaScript the section lists the ZIPs served as text (components/zip-check.tsx); this adds the
 * box above that list when it starts, so no dead box is ever shown.
 */
export function start(section: HTMLElement) {
  // The page carries its area group for this island (page-content.ts, islandContent).
  const { area } = pageContentIn(document);
  const served = area ? serviceAreaOf({ area }) : [];
  const box = document.createElement("div");
  box.className = "mb-4";
  box.innerHTML = `<form novalidate class="flex flex-wrap items-end gap-3"><div class="grow"><label for="zip-check" class="font-semibold text-ink">Do we serve you? Enter your ZIP code</label><input id="zip-check" type="text" inputmode="numeric" autocomplete="postal-code" maxlength="10" aria-describedby="zip-check-answer" class="mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-ink shadow-sm focus:border-brand-600"></div><button type="submit" class="min-h-12 rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">Check</button></form><p id="zip-check-answer" aria-live="polite" class="mt-2 text-ink"></p>`;
  const form = box.querySelector("form") as HTMLFormElement;
  const input = box.querySelector("input") as HTMLInputElement;
  const answer = box.querySelector("p") as HTMLElement;

  const show = (value: string, submitted: boolean) => {
    const result = zipAnswer(value, served, submitted);
    input.setAttribute("aria-invalid", String(result.kind === "invalid"));
    answer.classList.toggle("text-red-700", result.kind === "invalid");
    answer.replaceChildren();
    if (result.kind === "none") return;
    answer.append(result.text);
    if (result.kind === "in-area") {
      const link = document.createElement("a");
      link.href = result.path;
      link.textContent = `About our ${result.town} crew`;
      link.className = "font-semibold text-brand-800 underline underline-offset-4";
      answer.append(" ", link);
    }
  };
  input.addEventListener("input", () => show(input.value, false));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show(input.value, true);
  });
  section.prepend(box);
}

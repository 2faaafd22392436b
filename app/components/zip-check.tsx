import { island } from "~/islands/island";
import { serviceAreaZips } from "../../shared/quote/service-area";

/**
 * "Do we serve you?" under the home page's town list: the ZIP codes served as plain text (so the
 * section reads right without JavaScript) and a ZIP box the `zip-check` island shows and answers.
 */
export function ZipCheck() {
  return (
    <div {...island("zip-check")} className="mt-8 max-w-2xl">
      <div data-zip-box hidden className="mb-4">
        <form noValidate className="flex flex-wrap items-end gap-3">
          <div className="grow">
            <label htmlFor="zip-check" className="font-semibold text-ink">
              Do we serve you? Enter your ZIP code
            </label>
            <input
              id="zip-check"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              aria-describedby="zip-check-answer"
              className="mt-1.5 block w-full max-w-xs rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-ink shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600"
            />
          </div>
          <button
            type="submit"
            className="min-h-12 rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Check
          </button>
        </form>
        <p
          id="zip-check-answer"
          data-zip-answer
          aria-live="polite"
          className="mt-2 min-h-6 text-ink data-[kind=invalid]:text-red-700 [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4"
        />
      </div>
      <p className="text-slate-700 text-sm">
        ZIP codes we serve:{" "}
        {serviceAreaZips
          .map((town) => `${town.town} ${[...town.zips, ...town.nearby].join(", ")}`)
          .join("; ")}
        .
      </p>
    </div>
  );
}

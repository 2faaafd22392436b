import { MapPin } from "lucide-react";
import { areas, stateCode } from "../../shared/areas";

/** Links to the five town pages (Home, Services and every service page). */
export function AreasList() {
  return (
    <ul className="grid gap-3 sm:flex sm:flex-wrap">
      {areas.map((area) => (
        <li key={area.slug}>
          <a
            href={area.path}
            className="flex min-h-14 items-center gap-3 whitespace-nowrap rounded-xl border border-slate-200 bg-white px-4 py-3 font-semibold text-ink shadow-sm transition-colors hover:border-brand-600 hover:text-brand-800"
          >
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            {area.name}, {stateCode}
          </a>
        </li>
      ))}
    </ul>
  );
}

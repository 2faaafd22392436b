import { Menu, Phone as PhoneIcon, X } from "lucide-react";
import { useLocation } from "react-router";
import { Logo } from "~/components/logo";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { functionUrl, pageCountsItsView, siteConfig } from "~/config";
import { mainNavigation } from "~/content/navigation";
import { usePageFacts } from "~/content/page-facts";
import { island } from "~/islands/island";
import { cn } from "~/lib/cn";
import { telHref } from "../../shared/business-reach";
import { countRoute } from "../../shared/site-counts";
import { pagePath } from "../../shared/site-paths";

const menuId = "mobile-menu";

/**
 * Sticky header, rendered once at build time. The small-screen menu is a native popover: the
 * button toggles it with or without JavaScript, Escape and outside clicks close it, and focus
 * returns to the button. Choosing a link loads the next page; the `menu` island also closes the
 * menu at once (a page restored from the back-forward cache shows it closed).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { business } = usePageFacts();
  const current = (to: string) => (isCurrent(pathname, to) ? "page" : undefined);

  return (
    <header
      // Only when the owner turned counting on (SITE_COUNTS): taps and the form's first typing,
      // sent as they happen (islands/beacon.ts), under the path the page was built for (every
      // unknown path is answered with the page built at /404). Off, the page calls nothing.
      {...(siteConfig.siteCounts
        ? {
            ...island("beacon"),
            "data-endpoint": `${functionUrl}${countRoute}`,
            "data-page": pagePath(pathname),
            "data-count-view": pageCountsItsView ? "" : undefined,
          }
        : {})}
      className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="container-page flex h-16 items-center justify-between gap-2 lg:h-20">
        <Logo />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <a
                  href={item.to}
                  aria-current={current(item.to)}
                  className={navLinkClass(Boolean(current(item.to)))}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <a
            href={telHref(business.phone)}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full font-semibold text-brand-800 hover:text-brand-950 md:px-3"
          >
            <PhoneIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">Call </span>
            <span className="sr-only md:not-sr-only">{business.phone.display}</span>
          </a>
          <ButtonLink to="/contact" variant="primary" size="sm">
            Book Now
          </ButtonLink>
          <button
            type="button"
            popoverTarget={menuId}
            className="group inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>

      <div
        {...island("menu")}
        id={menuId}
        popover="auto"
        className="fixed inset-x-0 top-0 bottom-auto m-0 h-auto max-h-dvh w-full overflow-y-auto border-slate-200 border-b bg-white p-0 shadow-xl backdrop:bg-ink/40 lg:hidden"
      >
        <div className="container-page flex h-16 items-center justify-between">
          <Logo />
          <button
            type="button"
            popoverTarget={menuId}
            popoverTargetAction="hide"
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Mobile" className="container-page pb-6">
          <ul className="flex flex-col gap-1 border-slate-200 border-t pt-3">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <a
                  href={item.to}
                  aria-current={current(item.to)}
                  className={cn(navLinkClass(Boolean(current(item.to))), "flex text-lg")}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-3">
            <a
              href={telHref(business.phone)}
              className={buttonClass({ variant: "accent", size: "lg" })}
            >
              <PhoneIcon aria-hidden="true" className="size-5" />
              Call {business.phone.display}
            </a>
            <ButtonLink to="/contact" variant="primary" size="lg">
              Book Now
            </ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}

/** Prerendering asks for "/about/" as well as "/about": compare without the trailing slash. */
function isCurrent(pathname: string, to: string) {
  const path = pathname.replace(/(.)\/+$/, "$1");
  return to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`);
}

function navLinkClass(isActive: boolean) {
  return cn(
    "rounded-full px-4 py-2.5 font-semibold transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
  );
}

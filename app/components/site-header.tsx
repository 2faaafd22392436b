import { Menu, Phone as PhoneIcon, X } from "lucide-react";
import { useRef } from "react";
import { NavLink } from "react-router";
import { Logo } from "~/components/logo";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { business, telHref } from "~/content/business";
import { mainNavigation } from "~/content/navigation";
import { cn } from "~/lib/cn";

const menuId = "mobile-menu";

// Prerendering requests every page with a trailing slash ("/about/"), so links other than Home
// match as prefixes: `end` would leave the active link unmarked in the HTML, and hydration keeps
// the HTML's attributes. Hence `end` on Home only.

/**
 * Sticky header. The small-screen menu is a native popover: the button toggles it with or
 * without JavaScript, Escape and outside clicks close it, and focus returns to the button.
 */
export function SiteHeader() {
  const menu = useRef<HTMLDivElement>(null);
  // Choosing a link closes the menu (product.md, Widgets); client navigation keeps the page.
  const closeMenu = () => menu.current?.hidePopover?.();

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="container-page flex h-16 items-center justify-between gap-2 lg:h-20">
        <Logo />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) => navLinkClass(isActive)}
                >
                  {item.label}
                </NavLink>
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
        ref={menu}
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
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  onClick={closeMenu}
                  className={({ isActive }) => cn(navLinkClass(isActive), "flex text-lg")}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-3">
            <a
              href={telHref(business.phone)}
              onClick={closeMenu}
              className={buttonClass({ variant: "accent", size: "lg" })}
            >
              <PhoneIcon aria-hidden="true" className="size-5" />
              Call {business.phone.display}
            </a>
            <ButtonLink to="/contact" onClick={closeMenu} variant="primary" size="lg">
              Book Now
            </ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}

function navLinkClass(isActive: boolean) {
  return cn(
    "rounded-full px-4 py-2.5 font-semibold transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
  );
}

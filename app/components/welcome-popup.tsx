import { lazy, Suspense, useEffect, useState } from "react";
import { business } from "~/content/business";
import { hasVisitedBefore } from "~/lib/visit-flag";

// The offer's markup loads only for first-time visitors, after the page is up.
const WelcomeDialog = lazy(() => import("~/components/welcome-dialog"));

/** Opens the first-visit offer one second after load (SPEC.md sections 4 and 9). */
export function WelcomePopup() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hasVisitedBefore()) return;
    const timer = window.setTimeout(() => setOpen(true), business.welcomeOffer.delayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog onDone={() => setOpen(false)} />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useState } from "react";
import { business } from "~/content/business";
import { hasVisitedBefore } from "~/lib/visit-flag";

// The offer's markup loads only for first-time visitors, after the page is up.
const WelcomeDialog = lazy(() => import("~/components/welcome-dialog"));

type Stage = "none" | "ready" | "open" | "done";

/**
 * Opens the first-visit offer one second after load (product.md, Widgets). The dialog is
 * loaded and rendered closed straight after hydration, so that at the one-second mark the only
 * work left is opening it: one short task instead of loading, rendering and opening at once.
 */
export function WelcomePopup() {
  const [stage, setStage] = useState<Stage>("none");

  useEffect(() => {
    if (hasVisitedBefore()) return;
    setStage("ready");
    const timer = window.setTimeout(() => setStage("open"), business.welcomeOffer.delayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (stage === "none" || stage === "done") return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog open={stage === "open"} onDone={() => setStage("done")} />
    </Suspense>
  );
}

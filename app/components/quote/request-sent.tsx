import { useEffect, useRef } from "react";
import { CallLink } from "~/components/call-link";
import type { BusinessReach } from "../../../shared/business-reach";
import { NextSteps } from "./next-steps";

export type SentRequest = {
  firstName: string;
  /** As a person reads it: "(610) 555-0199" however it was typed (shared/phone.ts). */
  phone: string;
  email: string;
  service: string;
  /** The estimate in words, as the owner's e-mail says it; null without one. */
  estimate: string | null;
  windows: string[];
};

/**
 * What the visitor sees above the form, emptied and ready again, once the request is stored: that
 * it arrived, when we call, the estimate they asked for, the e-mail on its way with their own
 * request page, and the phone. Focus moves to its heading, so the confirmation is where the
 * visitor (and a screen reader) is; the form below needs no "send another" to come back.
 */
export function RequestSent({ request, reach }: { request: SentRequest; reach: BusinessReach }) {
  const box = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each request sent is a new confirmation. Its top is brought under the sticky header (focus
  // alone scrolls only as far as the heading, leaving what happens next below the screen).
  useEffect(() => {
    if (!request) return;
    box.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [request]);
  return (
    <div
      ref={box}
      data-quote-sent=""
      className="mb-8 scroll-mt-20 space-y-3 rounded-2xl border border-brand-200 bg-white p-4 text-base sm:p-6 lg:scroll-mt-24"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className="font-extrabold text-ink text-xl outline-none sm:text-2xl"
      >
        Request received{request.firstName ? `, thank you ${request.firstName}` : ""}!
      </h3>
      <p>
        We will call you at <strong className="whitespace-nowrap text-ink">{request.phone}</strong>{" "}
        about {request.service}.
        {request.windows.length > 0 ? ` Your preferred times: ${request.windows.join("; ")}.` : ""}
      </p>
      <NextSteps estimate={request.estimate} reach={reach} />
      <p>
        An e-mail with your own request page, where you can follow it, is on its way to{" "}
        <strong className="break-words text-ink">{request.email}</strong>.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <span>Need us sooner?</span>
        <CallLink phone={reach.phone} />
      </div>
    </div>
  );
}

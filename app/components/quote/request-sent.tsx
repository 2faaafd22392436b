import { useEffect, useRef } from "react";
import { CallLink } from "~/components/call-link";
import { Button } from "~/components/ui/button";
import { NextSteps } from "./next-steps";

export type SentRequest = {
  firstName: string;
  phone: string;
  service: string;
  /** The estimate in words, as the owner's e-mail says it; null without one. */
  estimate: string | null;
  windows: string[];
};

/**
 * What the visitor sees in place of the form once the request is stored: that it arrived, when
 * we call, the estimate they asked for, the phone, and a way to send another. Focus moves to its
 * heading, so the confirmation is where the visitor (and a screen reader) is.
 */
export function RequestSent({
  request,
  onSendAnother,
}: {
  request: SentRequest;
  onSendAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div data-quote-sent="" className="space-y-5 text-lg">
      <h3
        ref={heading}
        tabIndex={-1}
        className="scroll-mt-24 font-extrabold text-2xl text-ink outline-none"
      >
        Request received{request.firstName ? `, thank you ${request.firstName}` : ""}!
      </h3>
      <p>
        We will call you at <strong className="whitespace-nowrap text-ink">{request.phone}</strong>{" "}
        about {request.service}.
        {request.windows.length > 0 ? ` Your preferred times: ${request.windows.join("; ")}.` : ""}
      </p>
      <NextSteps estimate={request.estimate} />
      <p>Need us sooner, or want to add something?</p>
      <div className="flex flex-wrap items-center gap-3">
        <CallLink size="lg" />
        <Button variant="secondary" size="lg" onClick={onSendAnother}>
          Send another request
        </Button>
      </div>
    </div>
  );
}

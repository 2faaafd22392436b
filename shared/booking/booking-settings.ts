/**
 * How the owner takes bookings online (docs/owner.md, "Online
 * booking"): the content's `booking` group, each field declared once in
 * shared/content/model/booking.ts (its rule, its words, the editor's "Online booking" form), its
 * defaults in content/booking.json. Read from a content version like every fact (`facts.booking`,
 * shared/content/facts.ts), never from a module's state.
 */
import type { ServiceValue } from "../contact-fields.ts";
import { repositoryBooking } from "../content/model/booking.ts";
import type { SiteContent } from "../content/site-content.ts";
import type { EstimateInputs } from "../quote/estimate.ts";

export type BookingSettings = {
  /** Visits that can run at the same time (crews). */
  crews: number;
  /** How long a home visit takes, in minutes, from the estimate's inputs. */
  homeMinutes: {
    base: number;
    perBedroom: number;
    perBathroom: number;
    /** For each 500 square feet beyond the first 1,000. */
    perExtra500SquareFeet: number;
    /** When the home "needs extra attention". */
    extraAttention: number;
  };
  /** How long a business visit takes, in minutes: a base and each 1,000 square feet. */
  businessMinutes: { base: number; per1000SquareFeet: number };
  /** The gap kept between two visits of one crew, for travel, in minutes. */
  travelMinutes: number;
  /** The first day a visitor may book: 1, the next open day after today; 2, the one after. */
  noticeOpenDays: number;
  /** How far ahead a visitor may book, in days from today. */
  daysAhead: number;
  /**
   * The services a visitor books online when they sent an estimate; the others are called. Never
   * "other" (it has no estimate); none: no online booking.
   */
  onlineServices: readonly ServiceValue[];
  /** A plan's visit that falls on a closed day or holiday: skipped, or moved to that week's nearest open time. */
  closedDayVisits: "skip" | "move";
  /** How many hours before a visit the customer can still skip or move it on their page. */
  cutoffHours: number;
  /**
   * After Send, take the customer straight to their own page (to book a time) instead of the
   * spec's thank-you: the owner's choice, off by default (docs/owner.md, "Straight to booking").
   */
  pageAfterSend: boolean;
  /**
   * A time a customer picks: booked at once, or held (it takes its crew) until the owner's one tap
   * confirms it (docs/owner.md, "Held until you confirm").
   */
  confirmation: "at-once" | "held";
};

/** The booking settings of a content version (`facts.booking`). */
export function bookingOf(document: Pick<SiteContent, "booking">): BookingSettings {
  // A document from before the group existed has none (the schema reads it so too).
  return document.booking ?? repositoryBooking();
}

/** Visits start on the half hour; a visit's length is rounded up to the half hour. */
export const slotMinutes = 30;

const roundUp = (minutes: number) => Math.ceil(minutes / slotMinutes) * slotMinutes;

/** How long the visit an estimate describes takes, in minutes, rounded up to the half hour. */
export function visitMinutes(settings: BookingSettings, inputs: EstimateInputs): number {
  if (inputs.kind === "business") {
    const { base, per1000SquareFeet } = settings.businessMinutes;
    return roundUp(base + Math.ceil(inputs.squareFeet / 1000) * per1000SquareFeet);
  }
  const home = settings.homeMinutes;
  const extraSquareFeet = Math.max(0, inputs.squareFeet - 1000);
  return roundUp(
    home.base +
      inputs.bedrooms * home.perBedroom +
      inputs.bathrooms * home.perBathroom +
      Math.ceil(extraSquareFeet / 500) * home.perExtra500SquareFeet +
      (inputs.condition === "extra" ? home.extraAttention : 0),
  );
}

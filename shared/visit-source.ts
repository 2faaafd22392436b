/**
 * Where a quote request came from (docs/contact-api.md, "Where requests come from"): the page the
 * visit landed on, the site that sent the visitor there (its host only), and the campaign tags of
 * the link they followed (utm_source, utm_medium, utm_campaign). The browser notes them on the
 * visit's first page (app/lib/visit-source.ts: tab-scoped storage, no cookie); the form sends
 * them, and the function validates them with `visitSourceSchema`, the same rules as the form.
 *
 * The same facts in the owner's words: source-words.ts (the function's only: the form loads none
 * of it).
 */
import { z } from "zod";
import { isSitePath, notFoundPath, pagePath } from "./site-paths.ts";

export type UtmTags = { source?: string; medium?: string; campaign?: string };

export type VisitSource = {
  /** A page of the site (site-paths.ts); "/404" for a dead link. */
  landingPage: string;
  /** The host of the site that linked to the landing page; null when none did. */
  referrer: string | null;
  utm?: UtmTags;
};

export const sourceMessage = "Please check where the visit came from.";

const maxText = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const control = /[\u0000-\u001f\u007f-\u009f]/;
const hostShape = /^(?=.{1,100}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/;

const tag = z
  .string()
  .trim()
  .min(1)
  .max(maxText)
  .refine((value) => !control.test(value));

const visitSourceSchema = z
  .object({
    landingPage: z.string().refine(isSitePath),
    referrer: z.string().regex(hostShape).nullable(),
    utm: z
      .object({ source: tag.optional(), medium: tag.optional(), campaign: tag.optional() })
      .strict()
      .optional(),
  })
  .strict();

/**
 * `source` in the contact schema: whatever inside it is wrong, one message for the field (the
 * visitor cannot fix it, and a key inside it is not one of the request's fields).
 */
export const visitSourceField = z.unknown().transform((value, context): VisitSource => {
  const checked = visitSourceSchema.safeParse(value);
  if (checked.success) return checked.data;
  context.addIssue({ code: "custom", message: sourceMessage });
  return z.NEVER;
});

/**
 * What the browser noted, made valid or dropped: a page that does not exist becomes the 404
 * page, a tag is cut to 100 characters, an empty one left out. Undefined when nothing usable is
 * left, so a request never fails because of where its visit came from.
 */
export function visitSourceFrom(raw: unknown): VisitSource | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const noted = raw as Record<string, unknown>;
  if (typeof noted.landingPage !== "string") return undefined;
  const landingPage = pagePath(noted.landingPage);
  const utm: UtmTags = {};
  const tags = (typeof noted.utm === "object" && noted.utm) || {};
  for (const name of ["source", "medium", "campaign"] as const) {
    const value = (tags as Record<string, unknown>)[name];
    if (typeof value === "string" && value.trim()) utm[name] = value.trim().slice(0, maxText);
  }
  const candidate: VisitSource = {
    landingPage: isSitePath(landingPage) ? landingPage : notFoundPath,
    referrer: typeof noted.referrer === "string" ? noted.referrer.toLowerCase() : null,
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
  };
  const checked = visitSourceSchema.safeParse(candidate);
  return checked.success ? checked.data : undefined;
}

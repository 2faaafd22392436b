/**
 * The site's content document: everything the owner may change, as one JSON document checked by
 * this one schema (the build, the pages, the contact function and the owner's editor read the same
 * shape). The repository's first version is content/*.json. The schema is made from the
 * declarations of model/ (decision 0027: each field declared once, with its rule, its label and
 * its form); its messages are written for the owner, in plain words, and name no field ids: the
 * editor shows each one beside its field.
 *
 * What stays in code: the layout and the routes (the spec's structure), the time zone, the form's
 * rules. What the owner types is text: nothing here is ever rendered as markup.
 */
import type { z } from "zod";
import { contentModel } from "./model/content-model.ts";

export type { OwnerPicture } from "./model/pictures.ts";
// Declared in model/; named here too for the readers of the document that use them.
export { phoneText } from "./model/rules.ts";
export { type Weekday, weekdays } from "./weekdays.ts";

export const siteContentSchema = contentModel.schema;

export type SiteContent = z.infer<typeof siteContentSchema>;
export type SiteContentInput = z.input<typeof siteContentSchema>;

export type ContentProblem = { path: string; message: string };

/** Checks a document; its problems keyed as the editor's field names ("contact.phone"). */
export function checkSiteContent(
  input: unknown,
): { ok: true; content: SiteContent } | { ok: false; problems: ContentProblem[] } {
  const result = siteContentSchema.safeParse(input);
  if (result.success) return { ok: true, content: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    })),
  };
}

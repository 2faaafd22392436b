/**
 * The page a browser gets when its plain form post was not taken (docs/contact-api.md, "The form
 * without JavaScript"): what to fix, in the schema's words beside each field, and the visitor's
 * values in a form that posts here again, so a browser that dropped them on Back loses nothing.
 * When sending again cannot help (the key, the origin, the size), it shows what they wrote, to
 * copy, and the phone. No script, no resource from elsewhere: its CSP allows its own style only.
 */
import { telHref } from "../../../shared/business.ts";
import type { Facts } from "../../../shared/content/facts.ts";
import { styleHash } from "../http/private-page.ts";
import { Fragment, h, type ReactNode, renderDocument } from "../views/react.ts";
import {
  estimateProblems,
  fieldId,
  labelOf,
  ResendForm,
  WhatTheyWrote,
} from "./form-page-fields.ts";

export type FormPageInput = {
  status: number;
  /** The live version's facts: the post was checked against them, the page names the business. */
  facts: Facts;
  /** The handler's message for this status (the schema's, for invalid fields). */
  error: string;
  /** Field name → the schema's message, for a 400 about the fields. */
  fields?: Record<string, string>;
  /** What the visitor posted; absent when the body could not be read. */
  values?: URLSearchParams;
  /** Where the site is (links back to it), or null for this host's own pages. */
  siteOrigin: string | null;
  headers?: Record<string, string>;
};

const css = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#0f172a;background:#ecfeff}
body{margin:0;padding:1rem}
main{max-width:38rem;margin:0 auto;background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 4px 16px rgb(15 23 42/.08)}
h1{font-size:1.5rem;margin:.25rem 0 .5rem}h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
a{color:#155e75;font-weight:600}
.problems{border:2px solid #b91c1c;border-radius:.75rem;padding:.25rem 1rem;margin:1rem 0}
.problems h2{color:#b91c1c;margin-top:.5rem}
label,legend{display:block;font-weight:600;margin-top:1rem}
.hint{font-weight:400;color:#475569;font-size:.875rem}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
input,select,textarea{display:block;box-sizing:border-box;width:100%;margin-top:.375rem;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit;background:#fff;color:inherit}
[aria-invalid=true]{border:2px solid #b91c1c}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400;margin-top:.5rem}
.check input{width:1.25rem;height:1.25rem;margin:0}
fieldset{border:1px solid #cbd5e1;border-radius:.75rem;padding:0 1rem 1rem;margin:1.25rem 0 0}
legend{padding:0 .25rem}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{margin-top:1.5rem;min-height:3rem;padding:.75rem 1.5rem;border:0;border-radius:999px;background:#0e7490;color:#fff;font:inherit;font-weight:700;cursor:pointer}
dt{font-weight:600;margin-top:.5rem}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
`.trim();

/** What the visitor reads for each status; sending the same form again helps only for some. */
function wording(status: number, error: string) {
  if (status === 400)
    return {
      heading: "Please check your request",
      lead: "Nothing was sent yet. Fix what is marked below and press Send Message again: everything you typed is still here.",
      resend: true,
    };
  if (status === 429 || status >= 500)
    return { heading: "We could not send your request yet", lead: error, resend: true };
  if (status === 413)
    return {
      heading: "Your request is too long",
      lead: "We can take up to 16 KiB. Please shorten the message and send it again from the contact page, or call us.",
      resend: false,
    };
  return {
    heading: "We could not send your request",
    lead: "This form could not be sent from where it was opened. Please call or e-mail us; what you wrote is below, to copy.",
    resend: false,
  };
}

export async function formPage(input: FormPageInput): Promise<Response> {
  const { heading, lead, resend } = wording(input.status, input.error);
  const { business, priceList } = input.facts;
  const { estimate: _asAWhole, ...others } = input.fields ?? {};
  const fields: Record<string, string> = input.fields?.estimate
    ? {
        ...others,
        ...(input.values ? estimateProblems(input.values, priceList) : {}),
      }
    : { ...others };
  // Nothing the visitor can point at (a value no plain control can send): the schema's words.
  if (input.fields?.estimate && Object.keys(fields).length === Object.keys(others).length)
    fields.estimate = "Please check the estimate's details: choose its values again below.";
  const problems = Object.entries(fields);
  const site = input.siteOrigin ?? "";
  const body = h(
    Fragment,
    null,
    h("p", null, h("a", { href: `${site}/` }, business.name)),
    h("h1", null, heading),
    h("p", null, lead),
    problems.length > 0
      ? h(
          "div",
          { className: "problems", role: "alert" },
          h("h2", null, "What to fix"),
          h(
            "ul",
            null,
            problems.map(([name, message]) =>
              h(
                "li",
                { key: name },
                h("a", { href: `#${fieldId(name)}` }, `${labelOf(name, priceList)}: ${message}`),
              ),
            ),
          ),
        )
      : null,
    input.values && resend
      ? h(ResendForm, { values: input.values, errors: fields, facts: input.facts })
      : input.values
        ? h(WhatTheyWrote, { values: input.values, list: priceList })
        : null,
    h(
      "p",
      null,
      "Prefer to call? ",
      h("a", { href: telHref(business.phone) }, business.phone.display),
      `, ${business.hours.summary}. Or `,
      h("a", { href: `${site}/contact#quote` }, "go back to the contact page"),
      ".",
    ),
  );
  return new Response(documentOf(heading, body, business.name), {
    status: input.status,
    headers: {
      ...input.headers,
      "Content-Type": "text/html; charset=utf-8",
      // form-action also governs where the post may be redirected: the 303 to the site's page.
      "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${await styleHash(css)}'; form-action 'self'${input.siteOrigin ? ` ${input.siteOrigin}` : ""}; frame-ancestors 'none'; base-uri 'none'`,
      "Cache-Control": "no-store",
      // The browser's default, said aloud: the form below posts here again, and a browser
      // sends that post's Origin (which the function checks) only under a policy like this one.
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Not the private pages' document (private-page.ts): that one says `no-referrer`, under which a
 * browser sends this form's post again with `Origin: null`, which the function refuses.
 */
function documentOf(title: string, body: ReactNode, businessName: string): string {
  return renderDocument(
    h(
      "html",
      { lang: "en" },
      h(
        "head",
        null,
        h("meta", { charSet: "utf-8" }),
        h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
        h("meta", { name: "robots", content: "noindex, nofollow" }),
        h("title", null, `${title} | ${businessName}`),
        // Ours and fixed (its hash is in the CSP): written as it is.
        h("style", { dangerouslySetInnerHTML: { __html: css } }),
      ),
      h("body", null, h("main", null, body)),
    ),
  );
}

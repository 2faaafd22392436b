import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  findInlineSources,
  runtimeStyleHashes,
  sha256Source,
} from "./csp.ts";

describe("inline sources of a prerendered page", () => {
  it("finds executable inline scripts, not external or data scripts", () => {
    const html = `<script>a()</script><script type="module" async="">import "/x.js";</script>
      <script src="/assets/x.js"></script><script type="application/ld+json">{"a":1}</script>
      <script id="_R_">b()</script>`;
    expect(findInlineSources(html).scripts).toEqual(["a()", 'import "/x.js";', "b()"]);
  });

  it("finds inline styles and decoded style attributes", () => {
    const html = `<style>p{color:red}</style><p style="font-family:&quot;Inter&quot;">x</p><svg><style>.a{}</style></svg>`;
    expect(findInlineSources(html)).toEqual({
      scripts: [],
      styles: ["p{color:red}", ".a{}"],
      styleAttributes: ['font-family:"Inter"'],
    });
  });

  it("hashes exactly as browsers do (SHA-256 of the UTF-8 text, base64)", () => {
    expect(sha256Source("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe("content security policy", () => {
  it("lists the hashes and never 'unsafe-inline'", () => {
    const policy = contentSecurityPolicy(
      { scripts: ["a()", "a()"], styles: [], styleAttributes: [] },
      { functionOrigins: ["https://abc.supabase.co"] },
    );
    expect(policy).toContain(`script-src 'self' ${sha256Source("a()")};`);
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co;");
    // The quote form posts there without JavaScript too.
    expect(policy).toContain("form-action 'self' https://abc.supabase.co;");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-hashes");
  });
});

describe("run-time styles", () => {
  const css = ".toast{position:fixed;top:1rem}".repeat(40);
  const library = { name: "a-toast-library", stylesheet: () => css };

  it("allows a library's stylesheet when the built scripts contain it", () => {
    const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
    expect(runtimeStyleHashes([`x(\`${css}\`)`], [library])).toEqual([hash, sha256Source("")]);
  });

  it("allows nothing extra when the site does not use it", () => {
    expect(runtimeStyleHashes(["console.log(1)"], [library])).toEqual([]);
    expect(runtimeStyleHashes([`x(\`${css}\`)`])).toEqual([]);
  });
});

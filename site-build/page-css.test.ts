import { describe, expect, it } from "vitest";
import { classesIn, pageCss, tagsIn } from "./page-css.ts";

const usage = (classes: string[], tags: string[] = []) => ({
  className: (name: string) => classes.includes(name),
  tag: (name: string) => tags.includes(name),
});

describe("pageCss", () => {
  it("keeps rules by their first class, inside grouping at-rules, and drops empty groups", () => {
    const css =
      "@layer utilities{.a{color:red}.b{color:blue}@media (min-width:40rem){.sm\\:a{margin:0}.sm\\:b{margin:1px}}.group-hover\\:a:is(:where(.group):hover *){color:green}}@media print{.b{x:y}}";
    expect(pageCss(css, usage(["a", "sm:a", "group-hover:a"]))).toBe(
      "@layer utilities{.a{color:red}@media (min-width:40rem){.sm\\:a{margin:0}}.group-hover\\:a:is(:where(.group):hover *){color:green}}",
    );
  });

  it("keeps element rules for elements the page has, and rules of neither kind", () => {
    const css =
      "*,:before{box-sizing:border-box}abbr:where([title]){x:y}h1,table{font:inherit}:root{a:b}";
    expect(pageCss(css, usage([], ["h1"]))).toBe(
      "*,:before{box-sizing:border-box}h1,table{font:inherit}:root{a:b}",
    );
  });

  it("drops custom properties nothing reads any more, and their @property rules", () => {
    const css =
      "@property --tw-x{syntax:'*';inherits:false}@property --tw-y{syntax:'*';inherits:false}:root{--c:red;--d:blue;--e:var(--d)}.a{color:var(--c);--tw-x:1;translate:var(--tw-x)}.b{color:var(--e);--tw-y:1}";
    expect(pageCss(css, usage(["a"]))).toBe(
      "@property --tw-x{syntax:'*';inherits:false}:root{--c:red}.a{color:var(--c);--tw-x:1;translate:var(--tw-x)}",
    );
  });

  it("reads past comments before a rule, keeping licence comments", () => {
    const css = "/*! lib v1 | https://lib.com */\n@layer base{*{margin:0}}/* note */.x{a:b}.y{c:d}";
    expect(pageCss(css, usage(["y"]))).toBe(
      "/*! lib v1 | https://lib.com */\n@layer base{*{margin:0}}.y{c:d}",
    );
  });

  it("leaves statements and non-grouping at-rules whole", () => {
    const css = "@layer theme,base;@keyframes spin{to{transform:rotate(1turn)}}.x{a:b}";
    expect(pageCss(css, usage([]))).toBe(
      "@layer theme,base;@keyframes spin{to{transform:rotate(1turn)}}",
    );
  });
});

describe("classesIn and tagsIn", () => {
  it("read class attributes, decoding entities, and element names", () => {
    const html = '<div class="a sm:b [&amp;&gt;svg]:c"><P class="d">x</P></div>';
    expect([...classesIn(html)]).toEqual(["a", "sm:b", "[&>svg]:c", "d"]);
    expect([...tagsIn(html)]).toEqual(["div", "p"]);
  });
});

import { describe, expect, it } from "vitest";
import { decodeEntities } from "./html-entities.ts";

describe("decodeEntities", () => {
  it("decodes numeric and named references once, leaving unknown ones", () => {
    expect(decodeEntities("a&amp;b &lt;p&gt; &quot;x&quot; &#39;y&#x27; &nbsp;")).toBe(
      "a&b <p> \"x\" 'y' \u00a0",
    );
    expect(decodeEntities("&amp;lt; &unknown; &#x110000;")).toBe("&lt; &unknown; &#x110000;");
  });
});

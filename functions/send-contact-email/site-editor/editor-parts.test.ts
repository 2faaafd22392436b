/** The inbox's "Edit the site" names every part the editor has (editor-parts.ts). */
import { describe, expect, it } from "vitest";
import { setup, signers, textOf } from "../../../tests/support/site-editor.ts";
import { inboxSubjects } from "../inbox/inbox-routes.ts";
import { editorParts } from "./editor-parts.ts";

describe("the editor's parts", () => {
  it("are each named beside the inbox's Edit the site, and each listed on the editor's home", async () => {
    const { call } = await setup();
    const inbox = await call(
      "/inbox",
      undefined,
      await signers.inbox.sign(inboxSubjects.act, new Date()),
    );
    const hint = /<p class="site-link">(.*?)<\/p>/.exec(await inbox.text())?.[1] ?? "";
    const home = await (await call("/site")).text();
    expect(editorParts.map((part) => part.title)).toEqual(
      expect.arrayContaining(["Phone & e-mail", "Reviews", "Pictures", "Pages"]),
    );
    for (const part of editorParts) {
      expect(textOf(hint).toLowerCase(), part.title).toContain(part.title.toLowerCase());
      expect(home, part.title).toMatch(
        new RegExp(
          `<a href="\\./site/${part.slug}\\?token=[^"]+">${part.title.replace("&", "&amp;")}</a>`,
        ),
      );
    }
  });
});

/**
 * A live version that fails the schema (a schema changed since, a row edited by hand): the site
 * rightly keeps the last good one, and the editor must not break with it (live-document.ts). Its
 * home says so in words, every part opens from the last version that passes, going back and
 * undoing work, and the Pictures page opens too.
 */
import { describe, expect, it } from "vitest";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { groupForm, post, repository, setup, textOf } from "../../../tests/support/site-editor.ts";

type Editor = Awaited<ReturnType<typeof setup>>;

/** A good version (a new phone), then one whose main phone no longer passes. */
async function withBrokenLive(editor: Editor) {
  const form = await groupForm(editor.call, "contact");
  form.set("contact.phone", "(484) 555-0111");
  expect((await editor.call("/site/contact", post(form))).status).toBe(303);
  const broken = structuredClone(repository) as SiteContent;
  broken.contact.phone = "not a phone";
  await editor.store().publishContent({ document: broken, changes: ["Edited by hand"] });
}

describe("a live version that fails the schema", () => {
  it("leaves the home working, saying in words which change cannot be used and what is used instead", async () => {
    const editor = await setup();
    await withBrokenLive(editor);
    const response = await editor.call("/site");
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toMatch(
      /Your latest change \(.+\) cannot be used: it no longer passes the site's checks/,
    );
    expect(text).toMatch(
      /Your site keeps showing your change of .+, and this editor starts from it too\./,
    );
  });

  it("opens every part from the last version that passes, and publishes over it", async () => {
    const editor = await setup();
    await withBrokenLive(editor);
    for (const part of ["contact", "hours", "reviews", "pages/exton"])
      expect((await editor.call(`/site/${part}`)).status, part).toBe(200);
    const form = await groupForm(editor.call, "contact");
    expect(form.get("contact.phone")).toBe("(484) 555-0111");
    expect(form.get("baseVersion")).toBe("1");
    form.set("contact.responseTime", "2 hours");
    expect((await editor.call("/site/contact", post(form))).status).toBe(303);
    const live = await editor.store().liveContent();
    expect(live?.version).toBe(3);
    expect((live?.document as SiteContent | undefined)?.contact.phone).toBe("(484) 555-0111");
  });

  it("opens the Pictures page, and still goes back to the site as first built", async () => {
    const editor = await setup();
    await withBrokenLive(editor);
    expect((await editor.call("/site/pictures")).status).toBe(200);
    const asked = await editor.call("/site/restore/first");
    expect(asked.status).toBe(200);
    const back = await editor.call("/site/restore/first", post({}));
    expect(back.status).toBe(303);
    expect((await editor.store().liveContent())?.document).toEqual(repository);
  });

  it("falls back to the site as first built when no stored version passes", async () => {
    const editor = await setup();
    const broken = structuredClone(repository) as SiteContent;
    broken.contact.phone = "not a phone";
    await editor.store().publishContent({ document: broken, changes: ["Edited by hand"] });
    const text = textOf(await (await editor.call("/site")).text());
    expect(text).toContain("Your site keeps showing the site as first built");
    expect((await editor.call("/site/undo/1")).status).toBe(200);
  });
});

/**
 * The history's Undo this change and Go back to how the site was then (history-routes.ts): a GET
 * that asks and publishes nothing, a POST that publishes, an undo that takes back that entry's
 * own changes only, and a refusal when the site changed since the page was opened.
 */
import { describe, expect, it } from "vitest";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import { groupForm, post, repository, setup, textOf } from "../../../tests/support/site-editor.ts";

type Editor = Awaited<ReturnType<typeof setup>>;

/** Publishes a group's form with some fields changed, opened on the live version. */
async function publishWith(editor: Editor, group: string, fields: Record<string, string | null>) {
  const form = await groupForm(editor.call, group);
  for (const [name, value] of Object.entries(fields))
    if (value === null) form.delete(name);
    else form.set(name, value);
  const response = await editor.call(`/site/${group}`, post(form));
  expect(response.status, await response.clone().text()).toBe(303);
  return response;
}

async function liveOf(editor: Editor) {
  const live = await editor.store().liveContent();
  return { version: live?.version ?? null, document: live?.document as SiteContent };
}

/** The confirmation page's form, as the browser posts it. */
function confirmForm(html: string): URLSearchParams {
  const base = /name="baseVersion" value="(\d+)"/.exec(html)?.[1];
  return new URLSearchParams(base ? { baseVersion: base } : {});
}

describe("Undo this change", () => {
  it("asks first: the GET says what it will change and publishes nothing (a mail scanner's GET too)", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    const checks = editor.fake.calls.checkNow;
    const asked = await editor.call("/site/undo/1");
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(textOf(html)).toContain("Undo this change?");
    expect(textOf(html)).toContain("Main phone: (484) 555-0111 → (484) 555-0142");
    expect(html).toMatch(/<form action="\.\.\/\.\.\/site\/undo\/1\?token=[^"]+" method="post">/);
    expect((await editor.call("/site/undo/1", { method: "HEAD" })).status).toBe(200);
    expect((await liveOf(editor)).version).toBe(1);
    expect(editor.fake.calls.checkNow).toBe(checks);
  });

  it("takes back that entry's changes only: a later change to another part stays", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    await publishWith(editor, "offer", { "offer.enabled": null });
    const asked = await (await editor.call("/site/undo/1")).text();
    const undone = await editor.call("/site/undo/1", post(confirmForm(asked)));
    expect(undone.status).toBe(303);
    expect(undone.headers.get("location")).toMatch(/&done=live&version=3&part=contact$/);
    const live = await editor.store().liveContent();
    const document = live?.document as SiteContent;
    expect(document.contact.phone).toBe(repository.contact.phone);
    expect(document.offer.enabled).toBe(false);
    expect(live?.changes).toEqual([
      expect.stringMatching(/^Undid your change of \w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/),
      "Main phone: (484) 555-0111 → (484) 555-0142",
    ]);
  });

  it("leaves a field changed again since as it is now, and says so before", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", {
      "contact.phone": "(484) 555-0111",
      "contact.responseTime": "2 hours",
    });
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0122" });
    const html = await (await editor.call("/site/undo/1")).text();
    const text = textOf(html);
    expect(text).toContain("How soon you answer: 2 hours → 24 hours");
    expect(text).toContain("Changed again since, so left as it is now");
    expect(text).toContain("Main phone: (484) 555-0142 → (484) 555-0111");
    await editor.call("/site/undo/1", post(confirmForm(html)));
    const document = (await liveOf(editor)).document;
    expect(document.contact.phone).toBe("(484) 555-0122");
    expect(document.contact.responseTime).toBe(repository.contact.responseTime);
  });

  it("has nothing to undo when every field changed again since: no button, and a post publishes nothing", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0122" });
    const html = await (await editor.call("/site/undo/1")).text();
    expect(textOf(html)).toContain("Nothing to undo");
    expect(html).not.toContain('method="post"');
    const posted = await editor.call("/site/undo/1", post({ baseVersion: "2" }));
    expect(posted.headers.get("location")).toMatch(/&done=same&part=|&done=same$/);
    expect((await liveOf(editor)).version).toBe(2);
  });

  it("gives an undone price list back its own version, so estimates read it right", async () => {
    const editor = await setup();
    await publishWith(editor, "prices", { "prices.home.base": "75" });
    expect((await liveOf(editor)).document.prices.version).not.toBe(repository.prices.version);
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    const html = await (await editor.call("/site/undo/1")).text();
    expect(textOf(html)).toContain("Home: starting price: $75 → $70");
    expect(textOf(html)).not.toContain("Price list version");
    await editor.call("/site/undo/1", post(confirmForm(html)));
    const document = (await liveOf(editor)).document;
    expect(document.prices).toEqual(repository.prices);
    expect(document.contact.phone).toBe("(484) 555-0111");
  });

  it("is refused when the site changed since the page was opened (409), nothing published", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    const html = await (await editor.call("/site/undo/1")).text();
    await publishWith(editor, "offer", { "offer.enabled": null });
    const refused = await editor.call("/site/undo/1", post(confirmForm(html)));
    expect(refused.status).toBe(409);
    const again = await refused.text();
    expect(textOf(again)).toContain("Your site changed since you opened this page");
    expect(again).toContain('name="baseVersion" value="2"');
    expect((await liveOf(editor)).version).toBe(2);
    expect((await editor.call("/site/undo/1", post(confirmForm(again)))).status).toBe(303);
  });
});

describe("Go back to how the site was then", () => {
  it("asks with what it changes and what else it takes back, then publishes that version again", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    await publishWith(editor, "offer", { "offer.enabled": null });
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0122" });
    const asked = await editor.call("/site/restore/1");
    expect(asked.status).toBe(200);
    const html = await asked.text();
    const text = textOf(html);
    expect(text).toContain("Go back to how the site was then?");
    expect(text).toContain("Main phone: (484) 555-0122 → (484) 555-0111");
    expect(text).toContain("Welcome offer: off → on");
    expect(text).toContain("Every change published after it is taken back with it.");
    expect((await liveOf(editor)).version).toBe(3);
    const back = await editor.call("/site/restore/1", post(confirmForm(html)));
    expect(back.status).toBe(303);
    const live = await editor.store().liveContent();
    expect(live?.restoredFrom).toBe(1);
    // The history names what it went back to by its time, not by a number.
    const home = textOf(await (await editor.call("/site")).text());
    expect(home).toMatch(/Back to how the site was on \w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
  });

  it("to the site as first built: asks, then publishes the repository's content", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    const html = await (await editor.call("/site/restore/first")).text();
    expect(textOf(html)).toContain("Go back to the site as first built?");
    expect((await liveOf(editor)).version).toBe(1);
    const back = await editor.call("/site/restore/first", post(confirmForm(html)));
    expect(back.status).toBe(303);
    expect((await liveOf(editor)).document).toEqual(repository);
  });

  it("says there is nothing to do when the site is already as it was then", async () => {
    const editor = await setup();
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0111" });
    await publishWith(editor, "contact", { "contact.phone": "(484) 555-0142" });
    const html = await (await editor.call("/site/restore/first")).text();
    expect(textOf(html)).toContain("Your site is already as it was then.");
    expect(html).not.toContain('method="post"');
  });
});

describe("the history on the home", () => {
  it("offers each entry's undo and go back in words, and the first site last", async () => {
    const editor = await setup();
    await publishWith(editor, "hours", {
      "hours.week.saturday.sameAsMonday": null,
      "hours.week.saturday.closes": "17:00",
    });
    await publishWith(editor, "area", { "area.plymouth-meeting.zips": "19462 19403" });
    const html = await (await editor.call("/site")).text();
    const text = textOf(html);
    expect(text).toContain("Saturday: closes at 5 PM, was 7 PM");
    expect(text).toContain("Plymouth Meeting: 19403 added");
    expect(html).toMatch(/href="\.\/site\/undo\/2\?token=[^"]+">Undo this change</);
    expect(html).toMatch(/href="\.\/site\/undo\/1\?token=[^"]+">Undo this change</);
    expect(html).toMatch(
      /href="\.\/site\/restore\/1\?token=[^"]+">Go back to how the site was then</,
    );
    expect(html).not.toContain("site/restore/2?");
    expect(html).toMatch(
      /href="\.\/site\/restore\/first\?token=[^"]+">Go back to the site as first built</,
    );
    // Nothing on the home publishes: every action is a link to a page that asks.
    expect(html).not.toContain('method="post"');
    expect(text).not.toMatch(/[Vv]ersion \d|server/);
  });
});

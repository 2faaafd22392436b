/**
 * Two edits of one part at once (edit-conflict.ts): the second is refused with what changed since,
 * its typing kept and nothing published; publishing it again from the refusal puts it over that
 * change on purpose; a change to another part in between refuses nothing.
 */
import { describe, expect, it } from "vitest";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import {
  formOf,
  groupForm,
  post,
  repository,
  setup,
  textOf,
} from "../../../tests/support/site-editor.ts";

describe("two edits of one part at once", () => {
  it("refuses the second (409) with what changed since, keeps its typing, and publishes it when sent again", async () => {
    const { call, store } = await setup();
    // Two phones open the Hours form on the site as first built.
    const first = await groupForm(call, "hours");
    const second = await groupForm(call, "hours");
    expect(first.get("baseVersion")).toBe("0");
    // Saturday gets hours of its own: its "Same hours as Monday" box unticked.
    first.delete("hours.week.saturday.sameAsMonday");
    first.set("hours.week.saturday.closes", "17:00");
    expect((await call("/site/hours", post(first))).status).toBe(303);

    second.set("hours.week.monday.opens", "09:00");
    const refused = await call("/site/hours", post(second));
    expect(refused.status).toBe(409);
    const html = await refused.text();
    const text = textOf(html);
    expect(text).toMatch(
      /This part was changed since you opened this form \(on another phone or tab, \w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\)\. Nothing was published\./,
    );
    expect(text).toContain("Saturday: closes at 5 PM, was 7 PM");
    const kept = formOf(html);
    expect(kept.get("hours.week.monday.opens")).toBe("09:00");
    // Its typing is kept as typed: Saturday as the second phone had it, not the first's change.
    expect(kept.get("hours.week.saturday.closes")).toBe("19:00");
    expect(kept.get("baseVersion")).toBe("1");
    expect((await store().liveContent())?.version).toBe(1);

    // Publish again from the refusal: deliberately over the first phone's change.
    expect((await call("/site/hours", post(kept))).status).toBe(303);
    const live = await store().liveContent();
    expect(live?.version).toBe(2);
    const week = (live?.document as SiteContent | undefined)?.hours.week;
    expect(week?.monday).toEqual({ open: true, opens: "09:00", closes: "19:00" });
    // The second phone left Saturday's "Same hours as Monday" ticked: it follows Monday's change.
    expect(week?.saturday).toEqual(week?.monday);
  });

  it("refuses nothing when only another part changed in between", async () => {
    const { call, store } = await setup();
    const contact = await groupForm(call, "contact");
    const offer = await groupForm(call, "offer");
    offer.delete("offer.enabled");
    expect((await call("/site/offer", post(offer))).status).toBe(303);
    contact.set("contact.phone", "(484) 555-0111");
    expect((await call("/site/contact", post(contact))).status).toBe(303);
    const document = (await store().liveContent())?.document as SiteContent;
    expect(document.contact.phone).toBe("(484) 555-0111");
    expect(document.offer.enabled).toBe(false);
  });

  it("says which review changed since, on the Reviews form", async () => {
    const { call } = await setup();
    const first = await groupForm(call, "reviews");
    const second = await groupForm(call, "reviews");
    first.set("reviews.0.text", "Spotless, every time.");
    expect((await call("/site/reviews", post(first))).status).toBe(303);
    second.set("reviews.1.rating", "4");
    const refused = await call("/site/reviews", post(second));
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain(
      `Reviews: ${repository.reviews[0]?.name} changed`,
    );
  });
});

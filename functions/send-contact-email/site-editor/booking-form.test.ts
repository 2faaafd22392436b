/**
 * The Online booking form (shared/content/model/booking.ts): the services ticked together, the
 * choices and the units in words, published as the document's booking settings and told in the
 * history in the owner's words.
 */
import { describe, expect, it } from "vitest";
import type { SiteContent } from "../../../shared/content/site-content.ts";
import {
  formOf,
  groupForm,
  post,
  repository,
  setup,
  tagOf,
} from "../../../tests/support/site-editor.ts";
import { h, renderPart } from "../views/react.ts";
import { FieldInput } from "./form-inputs.ts";
import { groups } from "./site-fields.ts";

describe("the Online booking form", () => {
  it("ticks the services booked online, one box each, and says each number's unit", async () => {
    const { call } = await setup();
    const html = await (await call("/site/booking")).text();
    expect(html).toContain("<h1>Online booking</h1>");
    expect(html).toContain("<legend>Services customers book online</legend>");
    const boxes = [...html.matchAll(/name="booking\.onlineServices\.([a-z-]+)"/g)].map(
      (match) => match[1],
    );
    expect(boxes).toEqual([
      "residential",
      "janitorial",
      "commercial",
      "office",
      "post-construction",
      "carpet",
      "floor-wax",
    ]);
    expect(html).toContain(
      '<label class="check" for="f-booking-onlineServices-carpet"><input id="f-booking-onlineServices-carpet" type="checkbox" name="booking.onlineServices.carpet"/>Carpet Cleaning</label>',
    );
    expect(tagOf(html, "f-booking-onlineServices-residential")).toContain('checked=""');
    expect(html).toMatch(
      /<select id="f-booking-closedDayVisits" name="booking.closedDayVisits"[^>]*><option value="skip" selected="">Skipped<\/option><option value="move">Moved to the nearest open time that week<\/option><\/select>/,
    );
    expect(html).toMatch(
      /<label for="f-booking-homeMinutes-base"><span class="sr-only">A home visit: <\/span>Base time<span class="sr-only"> \(in minutes\)<\/span><\/label><div class="unit words"><input id="f-booking-homeMinutes-base"[^>]*value="90"\/><span aria-hidden="true">minutes<\/span><\/div>/,
    );
    expect(html).toMatch(/<span aria-hidden="true">open days<\/span>/);
  });

  it("publishes the services ticked and the choices made, told in the owner's words", async () => {
    const { call, store } = await setup();
    const form = await groupForm(call, "booking");
    form.set("booking.onlineServices.carpet", "on");
    form.set("booking.closedDayVisits", "move");
    form.set("booking.crews", "2");
    expect((await call("/site/booking", post(form))).status).toBe(303);
    const live = await store().liveContent();
    expect(live?.changes).toEqual([
      "Services customers book online: Carpet Cleaning added",
      "Crews (visits at the same time): 1 → 2",
      "A plan's visit on a closed day or holiday: Skipped → Moved to the nearest open time that week",
    ]);
    const booking = (live?.document as SiteContent | undefined)?.booking;
    expect(booking).toEqual({
      ...repository.booking,
      onlineServices: ["residential", "carpet"],
      closedDayVisits: "move",
      crews: 2,
    });
    // None ticked: nobody books online.
    const again = formOf(await (await call("/site/booking")).text());
    again.delete("booking.onlineServices.residential");
    again.delete("booking.onlineServices.carpet");
    expect((await call("/site/booking", post(again))).status).toBe(303);
    expect(
      ((await store().liveContent())?.document as SiteContent | undefined)?.booking.onlineServices,
    ).toEqual([]);
  });

  it("refuses no crew beside its field, what was typed kept, nothing published", async () => {
    const { call, store } = await setup();
    const form = await groupForm(call, "booking");
    form.set("booking.crews", "0");
    form.delete("booking.onlineServices.residential");
    const response = await call("/site/booking", post(form));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(tagOf(html, "f-booking-crews")).toMatch(/aria-invalid="true".*value="0"/);
    expect(html).toContain("Enter the number of crews from 1 to 20.");
    // The box left unticked stays unticked.
    expect(tagOf(html, "f-booking-onlineServices-residential")).not.toContain("checked");
    expect(await store().liveContent()).toBeNull();
  });

  it("says a problem with the services beside their group, which the summary links to", () => {
    const field = groups.booking.sets
      .flatMap((set) => set.fields)
      .find((one) => one.path === "booking.onlineServices");
    if (!field) throw new Error("no services field");
    const html = renderPart(
      h(FieldInput, {
        field,
        name: field.path,
        context: {
          values: { [field.path]: "carpet office" },
          byField: new Map([[field.path, ["Tick each of the services once."]]]),
        },
      }),
    );
    expect(html).toMatch(
      /^<fieldset id="f-booking-onlineServices" class="field invalid choices" aria-describedby="[^"]*f-booking-onlineServices-problem">/,
    );
    expect(html).toContain(
      '<p class="field-problem" id="f-booking-onlineServices-problem">Tick each of the services once.</p>',
    );
    expect(html.match(/checked=""/g)).toHaveLength(2);
  });
});

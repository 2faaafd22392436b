/**
 * The Service area form: each town's ZIP codes and the nearby ones also served, a fieldset per
 * town of the towns' one list (shared/areas.ts). A ZIP code belongs to one town only.
 */
import { areas, type TownSlug } from "../../areas.ts";
import { zipCodes } from "./fields.ts";
import { each, formSet, object } from "./nodes.ts";

const townZips = (slug: TownSlug) => {
  const name = areas.find((town) => town.slug === slug)?.name ?? slug;
  const edit = { in: formSet("area", name) };
  return object({
    zips: zipCodes(
      {
        label: `${name}: ZIP codes`,
        hint: "Five digits each, separated by spaces or commas.",
        edit,
      },
      "Give the town at least one ZIP code.",
    ),
    nearby: zipCodes({ label: `${name}: nearby ZIP codes also served`, edit }),
  });
};

export const area = object(
  each(
    areas.map((town) => town.slug),
    townZips,
  ),
  {
    label: "ZIP codes served",
    told: "zips",
    rules: (schema) =>
      schema.superRefine((towns, context) => {
        const seen = new Map<string, string>();
        for (const [slug, town] of Object.entries(towns)) {
          for (const code of [...town.zips, ...town.nearby]) {
            const first = seen.get(code);
            if (first && first !== slug)
              context.addIssue({
                code: "custom",
                message: `${code} is already listed under another town.`,
                path: [slug],
              });
            seen.set(code, slug);
          }
        }
      }),
  },
);

import { usePageFacts } from "~/content/page-facts";
import { island } from "~/islands/island";

/**
 * "Do we serve you?" under the home page's town list: the ZIP codes served as plain text, so the
 * section reads right without JavaScript; a town's nearby ZIPs are said to be nearby, not the
 * town's own. The `zip-check` island adds the ZIP box above them (its
 * markup lives there, keeping the home page's document within its first round trip).
 */
export function ZipCheck() {
  const { serviceArea } = usePageFacts();
  return (
    <div {...island("zip-check")} className="mt-6">
      <p className="text-sm">
        ZIP codes we serve:{" "}
        {serviceArea
          .map(
            ({ town, zips, nearby }) =>
              `${town} ${zips.join(", ")}${nearby.length ? ` and nearby ${nearby.join(", ")}` : ""}`,
          )
          .join("; ")}
        .
      </p>
    </div>
  );
}

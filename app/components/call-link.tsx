import { type ButtonStyle, buttonClass } from "~/components/ui/button";
import { PhoneIcon } from "~/components/ui/stroke-icons";
import { type Phone, telHref } from "../../shared/business-reach";

type CallLinkProps = ButtonStyle & {
  /** The number to call: usually the business's main line (facts.reach.phone). */
  phone: Phone;
  /** Visible words before the number, e.g. "Call"; the number itself is always shown. */
  label?: string;
  className?: string;
};

/** A click-to-call button: the site's first goal (product.md, Purpose). */
export function CallLink({
  phone,
  label = "Call",
  variant = "accent",
  size,
  className,
}: CallLinkProps) {
  return (
    <a href={telHref(phone)} className={buttonClass({ variant, size }, className)}>
      <PhoneIcon className="size-5 shrink-0" />
      <span>
        {label} {phone.display}
      </span>
    </a>
  );
}

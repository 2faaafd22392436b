import { withThousandsSeparators } from "../../../shared/contact-fields";

/** Screen readers hear the count only when it crosses one of these, never on every keystroke. */
const milestones = [0, 100, 500] as const;

type CharactersLeftProps = {
  /** The id the message box points to with aria-describedby. */
  id: string;
  length: number;
  limit: number;
  /** False until the form's script runs: the prerendered page can only state the limit. */
  counting: boolean;
};

/**
 * The message limit in words, "Up to 5,000 characters: 4,213 left" (5,000 are accepted), read
 * with the field; a polite status says so at 500, 100 and 0 left.
 */
export function CharactersLeft({ id, length, limit, counting }: CharactersLeftProps) {
  const left = Math.max(0, limit - length);
  const milestone = counting ? milestones.find((mark) => left <= mark) : undefined;
  const limitText = withThousandsSeparators(limit);
  return (
    <>
      <p
        id={id}
        className={
          left <= 100 ? "mt-1 font-semibold text-ink text-sm" : "mt-1 text-slate-600 text-sm"
        }
      >
        {`Up to ${limitText} characters${counting ? `: ${withThousandsSeparators(left)} left` : "."}`}
      </p>
      <p role="status" className="sr-only">
        {milestone === undefined
          ? ""
          : milestone === 0
            ? `You have used all ${limitText} characters of the message.`
            : `Under ${milestone} characters left in the message.`}
      </p>
    </>
  );
}

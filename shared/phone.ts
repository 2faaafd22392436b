/**
 * A visitor's phone number as the owner reads and dials it. People type "484.555.0123",
 * "+1 484 555 0123" or "4845550123"; a US number is shown one way, "(484) 555-0123", and dialled
 * as E.164, "tel:+14845550123". Anything else is shown as typed and dialled by its digits.
 * Plain code, no imports: the contact function's hosts and the scripts load it.
 */

/** "(484) 555-0123" and "+14845550123" for a US number (NANP), else null. */
export function usPhone(typed: string): { display: string; e164: string } | null {
  const trimmed = typed.trim();
  // Another country's code: not ours to reformat.
  if (trimmed.startsWith("+") && !trimmed.startsWith("+1")) return null;
  const digits = trimmed.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  // Ten digits, and neither the area code nor the exchange starts with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  return {
    display: `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
    e164: `+1${national}`,
  };
}

/** The number as the owner reads it: formatted when it is a US number, else as typed. */
export function phoneDisplay(typed: string): string {
  return usPhone(typed)?.display ?? typed.trim();
}

/** A tel: URI: E.164 for a US number, else the digits with a leading + kept. */
export function phoneHref(typed: string): string {
  const us = usPhone(typed);
  if (us) return `tel:${us.e164}`;
  return `tel:${typed.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "")}`;
}

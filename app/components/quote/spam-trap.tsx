/**
 * The spam filter's honeypot (docs/contact-api.md): a field no person sees, hears or reaches with
 * the keyboard, so whatever fills it is a bot. It is positioned off screen rather than `hidden`,
 * because simple bots skip inputs that are hidden outright.
 */
export function SpamTrap() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

// The till's buttons that show their icon, and no words, on a phone (below 640 px): the v2 terminal's tools
// and the customer display's controls, so that the first products fit the first screen.

/** A large (v2) button that shows its icon, and no words, on a phone: narrower, its target still 44 × 48 px. */
export const PHONE_ICON_BUTTON = 'max-sm:has-[>svg]:px-3.5';

/** Words shown from 640 px; below it, kept as the accessible name only (`isCompact`). */
export function PhoneWords({ text, isCompact }: { text: string; isCompact: boolean }) {
  return isCompact ? <span className="sr-only sm:not-sr-only">{text}</span> : text;
}

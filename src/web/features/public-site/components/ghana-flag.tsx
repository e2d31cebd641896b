/** A small drawn flag of Ghana (emoji flags do not render on every system). */
export function GhanaFlag({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 30 20" aria-hidden="true" className={className}>
      <rect width="30" height="20" rx="2" fill="#006b3f" />
      <rect width="30" height="13.33" rx="2" fill="#fcd116" />
      <path d="M2 0h26a2 2 0 0 1 2 2v4.67H0V2a2 2 0 0 1 2-2z" fill="#ce1126" />
      <path d="m15 6.9 1 3h3.2l-2.6 1.9 1 3-2.6-1.9-2.6 1.9 1-3-2.6-1.9H14z" fill="#000" />
    </svg>
  );
}

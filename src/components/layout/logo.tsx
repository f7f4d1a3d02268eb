/** The Bitwerf word mark: a stack of bits beside the name. Decorative; the link around it carries the name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 148 36" width="148" height="36" aria-hidden="true" focusable="false" className={className}>
      <rect x="0" y="4" width="28" height="28" rx="7" fill="currentColor" />
      <rect x="7" y="11" width="6" height="6" rx="1.5" className="fill-page" />
      <rect x="15" y="11" width="6" height="6" rx="1.5" className="fill-page" opacity="0.55" />
      <rect x="7" y="19" width="14" height="6" rx="1.5" className="fill-page" />
      <text x="38" y="27" fill="currentColor" fontSize="24" fontWeight="600" letterSpacing="-0.5">
        bitwerf
      </text>
    </svg>
  );
}

import type { SportCode } from '@aposta/contracts';

/** Small glyphs of the twelve sports, drawn for this app (no image requests). */
const glyph: Record<SportCode, React.ReactNode> = {
  football: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 7.5l3.2 2.3-1.2 3.7h-4l-1.2-3.7z" fill="currentColor" />
    </>
  ),
  basketball: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3v18M5.5 5.5c3 2.5 3 10.5 0 13M18.5 5.5c-3 2.5-3 10.5 0 13"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
      />
    </>
  ),
  tennis: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M5 6c4 3 4 9 0 12M19 6c-4 3-4 9 0 12" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </>
  ),
  boxing: (
    <path
      d="M7 10a5 5 0 0 1 10 0v3a4 4 0 0 1-4 4h-3a3 3 0 0 1-3-3zM8 17h8v3H8z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  ),
  snooker: (
    <>
      <circle cx="9" cy="14" r="4.5" fill="currentColor" />
      <circle cx="16.5" cy="9" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3 21L21 3" stroke="currentColor" strokeWidth="1.2" />
    </>
  ),
  baseball: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M7 4.5c2 4 2 11 0 15M17 4.5c-2 4-2 11 0 15"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeDasharray="1.5 1.5"
      />
    </>
  ),
  volleyball: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M12 3c0 5 3 8 8 9M12 12c-4 2-6 5-6.5 7.5M12 12c-3-2-6-2-9-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
      />
    </>
  ),
  badminton: (
    <path
      d="M12 21l-2-7h4zM10 14l-4-10M14 14l4-10M12 14V3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  ),
  americanFootball: (
    <>
      <ellipse
        cx="12"
        cy="12"
        rx="10"
        ry="6"
        transform="rotate(-35 12 12)"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path
        d="M9.5 14.5l5-5M10 11l1.5 1.5M12 9.5l1.5 1.5M11 13l1.5 1.5"
        stroke="currentColor"
        strokeWidth="1.3"
      />
    </>
  ),
  tableTennis: (
    <>
      <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M14.5 14.5l5 5" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="18.5" cy="6" r="2" fill="currentColor" />
    </>
  ),
  cricket: (
    <>
      <path
        d="M5 19L16 8l2 2L7 21z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path d="M17 7l2.5-2.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="17" cy="17" r="2.6" fill="currentColor" />
    </>
  ),
  motorRacing: (
    <>
      <path d="M4 4v17" stroke="currentColor" strokeWidth="1.6" />
      {[0, 1, 2, 3].flatMap((r) =>
        [0, 1, 2, 3].map((c) =>
          (r + c) % 2 === 0 ? (
            <rect key={`${r}${c}`} x={4 + c * 4} y={4 + r * 2.5} width="4" height="2.5" fill="currentColor" />
          ) : null,
        ),
      )}
    </>
  ),
};

export function SportIcon({ sport, className = 'size-20' }: { sport: SportCode; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      {glyph[sport]}
    </svg>
  );
}

/** Tile art of the original games, drawn for this app (no image requests on the first screen). */
const art = {
  mines: (
    <>
      <path d="M32 10l14 10-14 24-14-24z" fill="#7dd3fc" />
      <path d="M32 10l14 10H18z" fill="#e0f2fe" />
      <circle cx="48" cy="46" r="8" fill="#1b1b2f" />
      <path d="M52 38l4-4" stroke="#f8c94a" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  dice: (
    <>
      <rect x="14" y="14" width="30" height="30" rx="7" fill="#fff" transform="rotate(-12 29 29)" />
      <g fill="#e11d48">
        <circle cx="22" cy="24" r="3" />
        <circle cx="30" cy="29" r="3" />
        <circle cx="38" cy="34" r="3" />
      </g>
      <rect x="34" y="30" width="20" height="20" rx="5" fill="#f8c94a" transform="rotate(14 44 40)" />
    </>
  ),
  limbo: (
    <>
      <path d="M32 8c10 8 12 22 8 32H24c-4-10-2-24 8-32z" fill="#f1f5f9" />
      <circle cx="32" cy="24" r="5" fill="#60a5fa" />
      <path d="M24 40l-6 8 8-2zM40 40l6 8-8-2z" fill="#f43f5e" />
      <path d="M28 44h8l-4 12z" fill="#f8c94a" />
    </>
  ),
  plinko: (
    <>
      {[0, 1, 2, 3].flatMap((r) =>
        Array.from({ length: r + 2 }, (_, i) => (
          <circle key={`${r}-${i}`} cx={32 + (i - (r + 1) / 2) * 10} cy={14 + r * 9} r="2.2" fill="#e2e8f0" />
        )),
      )}
      <circle cx="37" cy="27" r="4.5" fill="#f8c94a" />
      {['#ef4444', '#f97316', '#facc15', '#f97316', '#ef4444'].map((c, i) => (
        <rect key={i} x={8 + i * 10} y="50" width="8" height="6" rx="1.5" fill={c} />
      ))}
    </>
  ),
  luckyColor: (
    <>
      <circle cx="20" cy="36" r="11" fill="#22c55e" />
      <circle cx="44" cy="36" r="11" fill="#ef4444" />
      <circle cx="32" cy="18" r="11" fill="#a855f7" />
      <text x="32" y="22" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">
        5
      </text>
    </>
  ),
  rowDouble: (
    <>
      {['#ef4444', '#1f2937', '#f8fafc', '#ef4444', '#1f2937'].map((c, i) => (
        <rect key={i} x={4 + i * 12} y="20" width="10" height="24" rx="3" fill={c} />
      ))}
      <path d="M32 12l4 6h-8z" fill="#f8c94a" />
    </>
  ),
  double: (
    <>
      <circle cx="32" cy="32" r="22" fill="#1f2937" />
      {Array.from({ length: 12 }, (_, i) => (
        <path
          key={i}
          d="M32 32L32 10A22 22 0 0 1 43 13z"
          fill={i === 0 ? '#f8fafc' : i % 2 ? '#ef4444' : '#111827'}
          transform={`rotate(${i * 30} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="8" fill="#f8c94a" />
    </>
  ),
  crash: (
    <>
      <path d="M8 54h48M8 54V10" stroke="#64748b" strokeWidth="2" />
      <path d="M10 52c14-2 26-10 36-30" stroke="#f8c94a" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M46 22l-2 10 8-6z" fill="#f43f5e" />
      <circle cx="48" cy="16" r="5" fill="#fb923c" />
    </>
  ),
} as const;

export type GameArtName = keyof typeof art;

export function GameArt({ name }: { name: GameArtName }) {
  return (
    <svg viewBox="0 0 64 64" className="size-56" aria-hidden="true">
      {art[name]}
    </svg>
  );
}

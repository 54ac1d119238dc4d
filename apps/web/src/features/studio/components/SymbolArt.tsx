import type { ReactNode } from 'react';

/**
 * Symbol pictures, drawn for the studio (no image requests): a symbol's id or name picks a drawing by its
 * meaning (wild, scatter, ox, seven, cherry…); any other symbol gets a gem of its own colour with its letter.
 * Pictures only: which symbol lands where is always the server's grid.
 */
type Glyph =
  | 'wild'
  | 'scatter'
  | 'ox'
  | 'seven'
  | 'bar'
  | 'cherry'
  | 'lemon'
  | 'grape'
  | 'bell'
  | 'diamond'
  | 'star'
  | 'coin'
  | 'bag'
  | 'envelope'
  | 'firecracker'
  | 'orange'
  | 'heart'
  | 'crown'
  | 'mask'
  | 'candy'
  | 'lollipop'
  | 'clover'
  | 'drum'
  | 'ingot'
  | 'dancer'
  | 'feather'
  | 'trumpet'
  | 'maracas'
  | 'confetti'
  | 'streamer'
  | 'gumdrop'
  | 'bean'
  | 'mint';

const KEYWORDS: [RegExp, Glyph][] = [
  [/\bbag\b|saco|purse/, 'bag'],
  [/ingot|lingote|gold bar/, 'ingot'],
  [/envelope|packet/, 'envelope'],
  [/firecracker|rojão|rojao|fogos|petard/, 'firecracker'],
  [/\box\b|bull|boi|touro/, 'ox'],
  [/seven|sete|^7$/, 'seven'],
  [/\bbar\b/, 'bar'],
  [/cherr|cereja/, 'cherry'],
  [/lemon|lim[aã]o/, 'lemon'],
  [/grape|uva/, 'grape'],
  [/bell|sino/, 'bell'],
  [/diamond|diamante|gem\b|jewel|j[oó]ia/, 'diamond'],
  [/star|estrela/, 'star'],
  [/coin|moeda|gold|ouro/, 'coin'],
  [/orange|laranja|tangerine|mandarin/, 'orange'],
  [/heart|cora[cç][aã]o/, 'heart'],
  [/crown|coroa|king|queen|rei|rainha/, 'crown'],
  [/mask|m[aá]scara/, 'mask'],
  [/lollipop|pirulito/, 'lollipop'],
  [/gumdrop|goma/, 'gumdrop'],
  [/jelly|bean|jujuba/, 'bean'],
  [/\bmint\b|menta|hortel/, 'mint'],
  [/candy|doce|bala|sweet/, 'candy'],
  [/clover|trevo|luck/, 'clover'],
  [/drum|tambor|samba/, 'drum'],
  [/dancer|dan[cç]arina|passista/, 'dancer'],
  [/feather|pena|pluma/, 'feather'],
  [/trumpet|trompete/, 'trumpet'],
  [/maraca/, 'maracas'],
  [/confetti|confete/, 'confetti'],
  [/streamer|serpentina/, 'streamer'],
];

const GEM_COLOURS = ['#f43f5e', '#22c55e', '#3b82f6', '#a855f7', '#f59e0b', '#14b8a6', '#ec4899', '#84cc16'];

/** The drawing of a symbol by its name; a wild or scatter without a known name gets the generic badge. */
export function glyphOf(name: string, wild: boolean, scatter: boolean): Glyph | null {
  const text = name.toLowerCase();
  const found = KEYWORDS.find(([re]) => re.test(text))?.[1];
  if (found) return found;
  if (wild) return 'wild';
  if (scatter) return 'scatter';
  return null;
}

const drawings: Record<Glyph, ReactNode> = {
  wild: (
    <>
      <rect
        x="6"
        y="14"
        width="52"
        height="36"
        rx="9"
        fill="url(#sy-gold)"
        stroke="#7c2d12"
        strokeWidth="2"
      />
      <text x="32" y="40" textAnchor="middle" fontSize="17" fontWeight="900" fill="#7c2d12">
        WILD
      </text>
    </>
  ),
  scatter: (
    <>
      <circle cx="32" cy="32" r="25" fill="#7c3aed" stroke="#f5d0fe" strokeWidth="2.5" />
      <path
        d="M32 12l5.5 12.5 13.5 1.2-10.2 9 3.1 13.3L32 41l-11.9 7 3.1-13.3-10.2-9 13.5-1.2z"
        fill="#fde047"
      />
    </>
  ),
  ox: (
    <>
      <path
        d="M10 16c4 8 10 10 14 10M54 16c-4 8-10 10-14 10"
        stroke="#fef3c7"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
      <ellipse cx="32" cy="36" rx="17" ry="18" fill="#b45309" />
      <ellipse cx="32" cy="45" rx="11" ry="8" fill="#fcd34d" />
      <circle cx="25" cy="31" r="3" fill="#1c1917" />
      <circle cx="39" cy="31" r="3" fill="#1c1917" />
      <circle cx="28" cy="45" r="1.8" fill="#78350f" />
      <circle cx="36" cy="45" r="1.8" fill="#78350f" />
      <circle cx="32" cy="52" r="3" fill="none" stroke="#fde047" strokeWidth="2" />
    </>
  ),
  seven: (
    <text
      x="32"
      y="52"
      textAnchor="middle"
      fontSize="50"
      fontWeight="900"
      fill="#ef4444"
      stroke="#fff"
      strokeWidth="2.5"
    >
      7
    </text>
  ),
  bar: (
    <>
      <rect x="6" y="20" width="52" height="24" rx="5" fill="#111827" stroke="#facc15" strokeWidth="3" />
      <text x="32" y="39" textAnchor="middle" fontSize="17" fontWeight="900" fill="#facc15">
        BAR
      </text>
    </>
  ),
  cherry: (
    <>
      <path
        d="M22 40C26 24 34 14 46 10M42 42C42 28 44 18 46 10"
        stroke="#15803d"
        strokeWidth="3"
        fill="none"
      />
      <circle cx="21" cy="44" r="11" fill="#dc2626" />
      <circle cx="42" cy="45" r="11" fill="#e11d48" />
      <circle cx="17" cy="40" r="3" fill="#fff" opacity=".6" />
      <circle cx="38" cy="41" r="3" fill="#fff" opacity=".6" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="32" cy="34" rx="22" ry="16" fill="#facc15" transform="rotate(-20 32 34)" />
      <ellipse cx="26" cy="29" rx="7" ry="3" fill="#fff" opacity=".5" transform="rotate(-20 26 29)" />
    </>
  ),
  grape: (
    <>
      {[
        [24, 24],
        [36, 24],
        [30, 34],
        [42, 34],
        [18, 34],
        [24, 44],
        [36, 44],
        [30, 54],
      ].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="7" fill="#7e22ce" stroke="#c084fc" strokeWidth="1.5" />
      ))}
      <path d="M30 18l4-10" stroke="#15803d" strokeWidth="3" />
    </>
  ),
  bell: (
    <>
      <path
        d="M32 10c11 0 16 9 16 20v10l5 7H11l5-7V30c0-11 5-20 16-20z"
        fill="#fbbf24"
        stroke="#b45309"
        strokeWidth="2"
      />
      <circle cx="32" cy="52" r="5" fill="#b45309" />
    </>
  ),
  diamond: (
    <>
      <path d="M16 12h32l10 14-26 30L6 26z" fill="#22d3ee" stroke="#e0f2fe" strokeWidth="2" />
      <path
        d="M6 26h52M24 12l-4 14 12 30 12-30-4-14"
        stroke="#e0f2fe"
        strokeWidth="1.5"
        fill="none"
        opacity=".8"
      />
    </>
  ),
  star: (
    <path
      d="M32 6l7.6 15.9 17.4 2.3-12.7 12.1 3.2 17.3L32 45.2 16.5 53.6l3.2-17.3L7 24.2l17.4-2.3z"
      fill="#facc15"
      stroke="#fff7ad"
      strokeWidth="2"
    />
  ),
  coin: (
    <>
      <circle cx="32" cy="32" r="24" fill="url(#sy-gold)" stroke="#92400e" strokeWidth="2.5" />
      <rect x="25" y="25" width="14" height="14" fill="none" stroke="#92400e" strokeWidth="3" />
      <circle cx="32" cy="32" r="18" fill="none" stroke="#fef3c7" strokeWidth="1.5" opacity=".7" />
    </>
  ),
  bag: (
    <>
      <path
        d="M24 14h16l-4 8c12 4 18 14 18 24 0 8-6 12-22 12S10 54 10 46c0-10 6-20 18-24z"
        fill="#b91c1c"
        stroke="#fde047"
        strokeWidth="2"
      />
      <text x="32" y="48" textAnchor="middle" fontSize="18" fontWeight="900" fill="#fde047">
        $
      </text>
    </>
  ),
  envelope: (
    <>
      <rect x="12" y="8" width="40" height="48" rx="5" fill="#dc2626" stroke="#fde047" strokeWidth="2" />
      <path d="M12 22l20 12 20-12" stroke="#fde047" strokeWidth="2" fill="none" />
      <circle cx="32" cy="34" r="6" fill="#fde047" />
    </>
  ),
  firecracker: (
    <>
      <rect x="20" y="18" width="24" height="38" rx="4" fill="#dc2626" stroke="#fde047" strokeWidth="2" />
      <path d="M20 28h24M20 46h24" stroke="#fde047" strokeWidth="2" />
      <path d="M32 18c0-6 4-8 8-10" stroke="#78350f" strokeWidth="2" fill="none" />
      <circle cx="41" cy="8" r="4" fill="#f97316" />
    </>
  ),
  orange: (
    <>
      <circle cx="32" cy="36" r="20" fill="#f97316" />
      <path d="M32 16c2-6 8-8 12-6-2 5-7 7-12 6z" fill="#16a34a" />
      <circle cx="25" cy="30" r="4" fill="#fff" opacity=".45" />
    </>
  ),
  heart: (
    <path
      d="M32 54S8 40 8 24c0-8 6-13 12-13 5 0 9 3 12 8 3-5 7-8 12-8 6 0 12 5 12 13 0 16-24 30-24 30z"
      fill="#ef4444"
      stroke="#fecdd3"
      strokeWidth="2"
    />
  ),
  crown: (
    <>
      <path
        d="M8 46l4-28 12 12 8-18 8 18 12-12 4 28z"
        fill="url(#sy-gold)"
        stroke="#92400e"
        strokeWidth="2"
      />
      <circle cx="32" cy="38" r="4" fill="#ef4444" />
      <rect x="8" y="46" width="48" height="7" rx="2" fill="#d97706" />
    </>
  ),
  mask: (
    <>
      <path
        d="M6 22c10-6 18-4 26 2 8-6 16-8 26-2 0 16-8 24-16 24-5 0-8-4-10-8-2 4-5 8-10 8-8 0-16-8-16-24z"
        fill="#db2777"
        stroke="#fde047"
        strokeWidth="2"
      />
      <ellipse cx="21" cy="30" rx="6" ry="4" fill="#1e1b4b" />
      <ellipse cx="43" cy="30" rx="6" ry="4" fill="#1e1b4b" />
      <path d="M52 18c4-6 6-10 4-14" stroke="#22d3ee" strokeWidth="3" fill="none" />
    </>
  ),
  candy: (
    <>
      <path d="M8 22l10 6-10 8zM56 22l-10 6 10 8z" fill="#f472b6" />
      <ellipse cx="32" cy="29" rx="16" ry="13" fill="#ec4899" stroke="#fbcfe8" strokeWidth="2" />
      <path
        d="M22 22c6 4 14 4 20 0M22 36c6-4 14-4 20 0"
        stroke="#fff"
        strokeWidth="2"
        fill="none"
        opacity=".7"
      />
    </>
  ),
  lollipop: (
    <>
      <path d="M32 36v24" stroke="#f5f5f4" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="24" r="17" fill="#22d3ee" stroke="#fff" strokeWidth="2" />
      <path
        d="M32 24m-11 0a11 11 0 1 0 22 0a7 7 0 1 0-14 0a3 3 0 1 0 6 0"
        stroke="#fff"
        strokeWidth="2.5"
        fill="none"
      />
    </>
  ),
  clover: (
    <>
      {[
        [24, 24],
        [40, 24],
        [24, 40],
        [40, 40],
      ].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="10" fill="#22c55e" stroke="#bbf7d0" strokeWidth="1.5" />
      ))}
      <path d="M32 32l10 24" stroke="#15803d" strokeWidth="3" />
    </>
  ),
  ingot: (
    <>
      <path d="M14 40l8-18h20l8 18z" fill="url(#sy-gold)" stroke="#92400e" strokeWidth="2" />
      <path d="M8 52l6-12h36l6 12z" fill="#d97706" stroke="#92400e" strokeWidth="2" />
      <path d="M24 26h16" stroke="#fff7ad" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  dancer: (
    <>
      <path d="M32 8l4 8 8-6-2 10 10 0-8 6" fill="#facc15" />
      <circle cx="32" cy="22" r="7" fill="#fcd34d" />
      <path d="M32 29c-8 0-12 6-14 12h28c-2-6-6-12-14-12z" fill="#ec4899" />
      <path d="M18 41c4 10 24 10 28 0-4 6-24 6-28 0z" fill="#22d3ee" />
      <path d="M14 20l4 12M50 20l-4 12" stroke="#f472b6" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  feather: (
    <>
      <path d="M46 6C24 12 14 30 16 56c14-8 30-24 30-50z" fill="#22d3ee" stroke="#e0f2fe" strokeWidth="2" />
      <path d="M16 56C24 40 34 24 44 10" stroke="#0e7490" strokeWidth="2" fill="none" />
      <path d="M22 40l10 2M26 30l10 2M31 21l9 1" stroke="#e0f2fe" strokeWidth="1.5" />
    </>
  ),
  trumpet: (
    <>
      <path d="M8 30h28l16-12v28L36 34H8z" fill="url(#sy-gold)" stroke="#92400e" strokeWidth="2" />
      <rect x="16" y="22" width="4" height="8" fill="#b45309" />
      <rect x="24" y="22" width="4" height="8" fill="#b45309" />
    </>
  ),
  maracas: (
    <>
      <path d="M20 36l-6 20M44 36l6 20" stroke="#92400e" strokeWidth="4" strokeLinecap="round" />
      <ellipse
        cx="23"
        cy="24"
        rx="11"
        ry="14"
        fill="#ef4444"
        stroke="#fde047"
        strokeWidth="2"
        transform="rotate(-14 23 24)"
      />
      <ellipse
        cx="41"
        cy="24"
        rx="11"
        ry="14"
        fill="#22c55e"
        stroke="#fde047"
        strokeWidth="2"
        transform="rotate(14 41 24)"
      />
    </>
  ),
  confetti: (
    <>
      {[
        [14, 14, '#f472b6'],
        [40, 10, '#facc15'],
        [26, 26, '#22d3ee'],
        [48, 30, '#a3e635'],
        [12, 40, '#c084fc'],
        [34, 44, '#fb923c'],
        [50, 52, '#f472b6'],
        [22, 54, '#facc15'],
      ].map(([x, y, c], i) => (
        <rect
          key={i}
          x={x as number}
          y={y as number}
          width="8"
          height="5"
          rx="1"
          fill={c as string}
          transform={`rotate(${i * 37} ${x} ${y})`}
        />
      ))}
      <circle cx="32" cy="32" r="6" fill="#fde047" />
    </>
  ),
  streamer: (
    <path
      d="M8 12c12 0 12 10 24 10s12-10 24-10M8 30c12 0 12 10 24 10s12-10 24-10M8 48c12 0 12 10 24 10s12-10 24-10"
      stroke="#f472b6"
      strokeWidth="5"
      fill="none"
      strokeLinecap="round"
    />
  ),
  gumdrop: (
    <>
      <path d="M12 50c0-22 8-36 20-36s20 14 20 36z" fill="#22c55e" stroke="#bbf7d0" strokeWidth="2" />
      <circle cx="24" cy="30" r="2" fill="#fff" />
      <circle cx="36" cy="24" r="2" fill="#fff" />
      <circle cx="40" cy="38" r="2" fill="#fff" />
      <circle cx="28" cy="42" r="2" fill="#fff" />
    </>
  ),
  bean: (
    <>
      <path
        d="M14 36c-4-14 8-24 20-20 6 2 8 0 12-2 8 2 10 16 2 24-8 10-30 12-34-2z"
        fill="#f97316"
        stroke="#fed7aa"
        strokeWidth="2"
      />
      <ellipse cx="26" cy="28" rx="6" ry="3" fill="#fff" opacity=".5" />
    </>
  ),
  mint: (
    <>
      <circle cx="32" cy="32" r="24" fill="#fff" stroke="#e2e8f0" strokeWidth="2" />
      {[0, 60, 120, 180, 240, 300].map((a) => (
        <path
          key={a}
          d="M32 32L32 9A23 23 0 0 1 51.9 20.5z"
          fill="#ef4444"
          transform={`rotate(${a} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="5" fill="#fff" />
    </>
  ),
  drum: (
    <>
      <ellipse cx="32" cy="20" rx="20" ry="7" fill="#fef3c7" stroke="#b45309" strokeWidth="2" />
      <path d="M12 20v24c0 4 9 8 20 8s20-4 20-8V20" fill="#16a34a" stroke="#b45309" strokeWidth="2" />
      <path d="M12 26l10 22M22 26l10 24M32 26l10 24M42 26l10 20" stroke="#fde047" strokeWidth="1.5" />
    </>
  ),
};

export function SymbolArt({
  id,
  name,
  label = name,
  index,
  wild = false,
  scatter = false,
}: {
  id: string;
  /** The data's name: it picks the drawing (the same in every language). */
  name: string;
  /** What a screen reader says: the name in the player's language. */
  label?: string;
  index: number;
  wild?: boolean;
  scatter?: boolean;
}) {
  const glyph = glyphOf(name, wild, scatter);
  const ribbon = glyph !== 'wild' && glyph !== 'scatter' ? (wild ? 'WILD' : scatter ? 'BONUS' : null) : null;
  const colour = GEM_COLOURS[index % GEM_COLOURS.length]!;
  const letters = (/^(10|[AKQJ])$/i.test(id) ? id : name.slice(0, 1)).toUpperCase();
  return (
    <svg
      viewBox="0 0 64 64"
      className="size-full drop-shadow-[0_2px_2px_rgb(0_0_0/0.45)]"
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id="sy-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset=".5" stopColor="#f8c94a" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      {glyph ? (
        drawings[glyph]
      ) : (
        <>
          <path
            d="M32 6l22 13v26L32 58 10 45V19z"
            fill={colour}
            stroke="#fff"
            strokeOpacity=".55"
            strokeWidth="2"
          />
          <path d="M32 6l22 13L32 30 10 19z" fill="#fff" opacity=".22" />
          <text x="32" y="42" textAnchor="middle" fontSize="20" fontWeight="900" fill="#fff">
            {letters}
          </text>
        </>
      )}
      {ribbon ? (
        <>
          <rect
            x="8"
            y="46"
            width="48"
            height="14"
            rx="4"
            fill={wild ? '#b91c1c' : '#6d28d9'}
            stroke="#fde047"
            strokeWidth="1.5"
          />
          <text x="32" y="57" textAnchor="middle" fontSize="10" fontWeight="900" fill="#fde047">
            {ribbon}
          </text>
        </>
      ) : null}
    </svg>
  );
}

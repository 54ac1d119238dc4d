import { Link } from 'react-router';

const PALETTES = [
  ['#7c3aed', '#1e1b4b'],
  ['#db2777', '#3b0764'],
  ['#0891b2', '#082f49'],
  ['#16a34a', '#052e16'],
  ['#ea580c', '#431407'],
  ['#ca8a04', '#422006'],
  ['#2563eb', '#172554'],
  ['#e11d48', '#4c0519'],
];

/** Only pictures of this site: a game's thumbnail on another host is never requested (drawn instead). */
export function isSameOriginImage(src: string): boolean {
  return /^\/(?![/\\])/.test(src);
}

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** The tile's art: the thumbnail the catalogue gives when it is ours, otherwise a drawn card with initials. */
export function GameArtwork({ name, thumbnail }: { name: string; thumbnail: string }) {
  if (isSameOriginImage(thumbnail)) {
    return (
      <img
        src={thumbnail}
        alt=""
        loading="lazy"
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
    );
  }
  const [from, to] = PALETTES[hash(name) % PALETTES.length]!;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <svg
      viewBox="0 0 100 125"
      className="absolute inset-0 size-full"
      aria-hidden="true"
      preserveAspectRatio="none"
    >
      <defs>
        <linearGradient id={`g-${hash(name)}`} x1="0" y1="0" x2="0.6" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="100" height="125" fill={`url(#g-${hash(name)})`} />
      <circle cx="82" cy="18" r="34" fill="#fff" opacity="0.07" />
      <circle cx="10" cy="110" r="28" fill="#fff" opacity="0.05" />
      <text x="50" y="66" textAnchor="middle" fontSize="34" fontWeight="900" fill="#fff" opacity="0.92">
        {initials}
      </text>
    </svg>
  );
}

/**
 * A casino game's tile (lobby, home's hot games): art, name and provider; texts come in as props. A tile
 * links to `to` or calls `onOpen`.
 */
export function GameTile({
  name,
  provider,
  thumbnail,
  badge,
  to,
  onOpen,
}: {
  name: string;
  provider: string;
  thumbnail: string;
  badge?: string;
  to?: string;
  onOpen?: () => void;
}) {
  const body = (
    <>
      <span className="relative block aspect-[4/5] overflow-hidden rounded-xl border border-line bg-raised shadow-[0_4px_14px_rgb(0_0_0/0.35)] transition-transform group-active:scale-95 group-hover:border-gold/60">
        <GameArtwork name={name} thumbnail={thumbnail} />
        {badge ? (
          <span className="absolute left-4 top-4 rounded-md bg-rose px-5 py-1 text-2xs font-bold uppercase text-white">
            {badge}
          </span>
        ) : null}
      </span>
      <span className="mt-5 block truncate text-xs font-semibold">{name}</span>
      <span className="block truncate text-2xs text-muted">{provider}</span>
    </>
  );
  const className = 'group block w-full text-left';
  if (to)
    return (
      <Link to={to} className={className} aria-label={`${name} — ${provider}`}>
        {body}
      </Link>
    );
  return (
    <button type="button" onClick={onOpen} className={className} aria-label={`${name} — ${provider}`}>
      {body}
    </button>
  );
}

/** The hot games' flame (drawn: emoji fonts are not on every device). */
export function FlameIcon({ className = 'size-18' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d="M12 2c1 4 5 6 5 11a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-6 1-9.5z" fill="#f97316" />
      <path d="M12 12c.5 2 2.5 3 2.5 5a2.5 2.5 0 0 1-5 0c0-1.5 1-2.5 2.5-5z" fill="#fde047" />
    </svg>
  );
}

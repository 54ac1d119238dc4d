/** The server keeps `header` within 0..35 (contracts setHeaderParams); anything odd shows the first one. */
export function avatarSrc(index: number): string {
  return `/avatars/${Number.isInteger(index) && index >= 0 ? index : 0}.svg`;
}

/** One of the 36 drawn avatars (static SVG files, lazy-loaded). Decorative unless given a label. */
export function Avatar({
  index,
  size = 40,
  label,
  eager,
}: {
  index: number;
  size?: number;
  label?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={avatarSrc(index)}
      alt={label ?? ''}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ width: `${size / 100}rem`, height: `${size / 100}rem` }}
      className="shrink-0 rounded-full bg-raised ring-2 ring-gold/40"
    />
  );
}

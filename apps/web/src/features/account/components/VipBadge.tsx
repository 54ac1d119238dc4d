import { useTranslation } from 'react-i18next';

/** Level colours: one image per level (spec: levels above 23 use the first image). */
const tiers = [
  '#8a94b8',
  '#cd7f32',
  '#cd7f32',
  '#c0c0d8',
  '#c0c0d8',
  '#f8c94a',
  '#f8c94a',
  '#33e0a1',
  '#33e0a1',
  '#60a5fa',
  '#8b5cf6',
  '#f472b6',
  '#ff5f7e',
];

export function vipColour(level: number): string {
  return tiers[level > 23 || level < 0 ? 0 : level % tiers.length]!;
}

export function VipBadge({ level }: { level: number }) {
  const { t } = useTranslation('account');
  const colour = vipColour(level);
  return (
    <span
      className="inline-flex items-center gap-4 rounded-full border px-8 py-2 text-xs font-bold"
      style={{ borderColor: colour, color: colour }}
    >
      <svg viewBox="0 0 24 24" className="size-14" aria-hidden="true">
        <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill={colour} />
      </svg>
      {t('vipLevel', { level })}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { openOverlay, useUi } from '../../../lib/ui';

function closeMask() {
  useUi.setState({ startMask: false });
}

/** The start mask: one image that leads to the sign-in sheet. */
export function StartMask() {
  const { t } = useTranslation('start-mask');
  return (
    <Sheet title={t('title')} onClose={closeMask} side="center" hideTitle className="border-gold/40">
      <button
        type="button"
        onClick={() => {
          useUi.setState({ startMask: false });
          openOverlay('signInSheet');
        }}
        className="block w-full text-left"
        aria-label={t('text')}
      >
        <svg viewBox="0 0 340 220" className="block w-full" aria-hidden="true">
          <defs>
            <linearGradient id="mask-bg" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#3b1d78" />
              <stop offset="1" stopColor="#0f1329" />
            </linearGradient>
            <linearGradient id="mask-gold" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#fff0b8" />
              <stop offset=".5" stopColor="#f8c94a" />
              <stop offset="1" stopColor="#e39a17" />
            </linearGradient>
          </defs>
          <rect width="340" height="220" fill="url(#mask-bg)" />
          {Array.from({ length: 7 }, (_, i) => (
            <g key={i} transform={`translate(${26 + i * 42} 150)`}>
              <rect width="34" height="44" rx="8" fill="#1f2650" stroke="#f8c94a" strokeOpacity=".5" />
              <text x="17" y="28" textAnchor="middle" fontSize="15" fontWeight="700" fill="#f8c94a">
                {i + 1}
              </text>
            </g>
          ))}
          <rect x="120" y="48" width="100" height="78" rx="14" fill="url(#mask-gold)" />
          <rect x="120" y="48" width="100" height="22" rx="11" fill="#e39a17" />
          <circle cx="146" cy="46" r="7" fill="#2a1700" />
          <circle cx="194" cy="46" r="7" fill="#2a1700" />
          <path
            d="M150 98l14 13 28-28"
            stroke="#2a1700"
            strokeWidth="9"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="block bg-panel px-16 py-14 text-center">
          <span className="block text-xl font-bold text-gold-gradient">{t('title')}</span>
          <span className="mt-2 block text-sm text-muted">{t('text')}</span>
        </span>
      </button>
    </Sheet>
  );
}

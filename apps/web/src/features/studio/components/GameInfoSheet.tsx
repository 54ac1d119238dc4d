import type { StudioGameInfo } from '@aposta/contracts';
import { studioSlot, type SlotGame } from '@aposta/fairness';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { symbolNamer } from '../../../lib/slot-symbols';
import { StudioSheet } from './StudioSheet';
import { SymbolArt } from './SymbolArt';

/**
 * The rules in words, from the game's own data (@aposta/fairness, what the server plays and the verifier replays):
 * how lines, wilds, scatters, free spins, cascades and the full screen pay, and a lines game's cap on a round.
 */
function rulesText(
  t: TFunction,
  game: SlotGame,
  name: (id: string) => string,
  num: (n: number) => string,
): string {
  const wild = game.symbols.find((s) => s.wild)?.id;
  const scatter = game.symbols.find((s) => s.scatter)?.id;
  const names = { wild: wild ? name(wild) : '', scatter: scatter ? name(scatter) : '' };
  if (game.kind === 'grid3x3') return t('rules.grid3x3', { ...names, fullScreen: game.fullScreen });
  if (game.kind === 'lines5x3') {
    const text = t('rules.lines5x3', {
      ...names,
      freeSpins: game.freeSpins,
      multiplier: game.freeSpinMultiplier,
    });
    const cap = game.maxWinMultiple;
    return cap === undefined ? text : `${text} ${t('rules.linesCap', { cap: num(cap) })}`;
  }
  const min = game.minCount;
  return t('rules.cluster', {
    min,
    min1: min + 1,
    min2: min + 2,
    min3: min + 3,
    min4: min + 4,
    maxCascades: game.maxCascades,
  });
}

/**
 * The certified figures (RTP, volatility, hit frequency, maximum win), the rules, the paytable and the lines, as
 * served.
 */
export function GameInfoSheet({ game, onClose }: { game: StudioGameInfo; onClose: () => void }) {
  const { t } = useTranslation('studio');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const symbolName = symbolNamer(t, game.gameCode, game.symbols);
  const num = (n: number, digits = 2) => n.toLocaleString(locale, { maximumFractionDigits: digits });
  const slot = studioSlot(game.gameCode);
  const figures = [
    [t('rtp'), `${num(game.rtp)}%`],
    [t('volatility'), t(`volatilities.${game.volatility}`)],
    [t('hitFrequency'), `${num(game.hitFrequency * (game.hitFrequency <= 1 ? 100 : 1))}%`],
    // As certified (18.5×), never rounded up into a bigger promise (19×); a lines game's cap holds for a round,
    // free spins included, and says so.
    [
      t('maxWin'),
      slot?.kind === 'lines5x3' && slot.maxWinMultiple !== undefined
        ? `${num(game.maxWin)}× ${t('maxWinPerRound')}`
        : `${num(game.maxWin)}×`,
    ],
  ];
  return (
    <StudioSheet title={t('info')} onClose={onClose}>
      <dl className="grid grid-cols-2 gap-8" data-testid="game-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white/5 p-10">
            <dt className="text-2xs text-white/60">{label}</dt>
            <dd className="text-base font-bold text-gold">{value}</dd>
          </div>
        ))}
      </dl>
      {slot ? (
        <>
          <h3 className="mb-6 mt-16 text-sm font-bold">{t('rulesTitle')}</h3>
          <p className="text-xs leading-relaxed text-white/75" data-testid="game-rules">
            {rulesText(t, slot, symbolName, num)}
          </p>
        </>
      ) : null}
      <h3 className="mb-6 mt-16 text-sm font-bold">{t('paytable')}</h3>
      <p className="mb-8 text-xs text-white/60">{game.kind === 'lines5x3' ? t('paysLine') : t('paysBet')}</p>
      <ul className="grid grid-cols-2 gap-8">
        {game.symbols.map((s, index) => {
          const pays = Object.entries(game.paytable[s.id] ?? {}).sort((a, b) => Number(b[0]) - Number(a[0]));
          return (
            <li key={s.id} className="flex items-center gap-8 rounded-xl bg-white/5 p-8">
              <span className="size-44 shrink-0">
                <SymbolArt
                  id={s.id}
                  name={s.name}
                  label={symbolName(s.id)}
                  index={index}
                  wild={s.wild}
                  scatter={s.scatter}
                />
              </span>
              <span className="min-w-0 text-xs">
                <span className="block truncate font-semibold">
                  {symbolName(s.id)}
                  {s.wild ? ` · ${t('wild')}` : s.scatter ? ` · ${t('scatter')}` : ''}
                </span>
                {pays.map(([count, mult]) => (
                  <span key={count} className="block text-white/75">
                    {count}: <b className="text-gold">{num(mult)}×</b>
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      {game.lines.length > 0 ? (
        <>
          <h3 className="mb-8 mt-16 text-sm font-bold">{t('lines', { count: game.lines.length })}</h3>
          <ul className="grid grid-cols-5 gap-6">
            {game.lines.map((line, i) => (
              <li key={i} className="rounded-md bg-white/5 p-4">
                <svg viewBox={`0 0 ${game.reels} ${game.rows}`} className="w-full" aria-label={`${i + 1}`}>
                  {Array.from({ length: game.rows * game.reels }, (_, k) => (
                    <rect
                      key={k}
                      x={(k % game.reels) + 0.08}
                      y={Math.floor(k / game.reels) + 0.08}
                      width="0.84"
                      height="0.84"
                      rx="0.15"
                      fill={line[k % game.reels] === Math.floor(k / game.reels) ? '#f8c94a' : '#ffffff22'}
                    />
                  ))}
                </svg>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </StudioSheet>
  );
}

import {
  LIMBO_TARGET,
  MINES_COUNT,
  ORIGINAL_GAMES,
  PLINKO_ROWS,
  STUDIO_SLOTS,
  studioSlot,
  type DiceCondition,
  type OriginalGame,
  type PlinkoRisk,
  type RowDoubleColor,
  type SlotGame,
} from '@aposta/fairness';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../../components/ui/TextField';
import { languageEntry, useAppState } from '../../../../lib/app-state';
import { symbolNamer } from '../../../../lib/slot-symbols';
import {
  decimalText,
  hundredthsLabel,
  multiplierLabel,
  multiplierOf,
  parseDecimal,
} from '../../logic/format';
import { verify, verifySlot, type SlotVerification, type VerifyInput } from '../../logic/verify';
import { Segmented } from '../Segmented';
import { SelectField } from '../SelectField';
import { tileClass } from '../row-double-tiles';

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Every game the page verifies: the originals, then our studio's slots (by their game code). */
const GAMES: readonly string[] = [...ORIGINAL_GAMES, ...Object.keys(STUDIO_SLOTS)];
/** A studio slot as it was under `rules` (the version its round recorded; the current one if unknown or none). */
const slotOf = (game: string, rules?: number): SlotGame | undefined =>
  studioSlot(game, rules) ?? STUDIO_SLOTS[game];

/** The page's inputs, read from (and written to) the address, so a bet's verify link opens it filled. */
function readInput(
  q: URLSearchParams,
): { input: VerifyInput | null; problem: string | null } & Record<string, string> {
  const game = pick(q.get('game'), GAMES, 'dice') as OriginalGame;
  const serverSeed = (q.get('serverSeed') ?? '').trim();
  const clientSeed = q.get('clientSeed') ?? '';
  const nonceText = q.get('nonce') ?? '0';
  const nonce = /^\d{1,12}$/.test(nonceText) ? Number(nonceText) : Number.NaN;
  const diceTarget = Math.round(parseDecimal(q.get('target') ?? '50.5') * 100);
  const limboTarget = Math.round(parseDecimal(q.get('target') ?? '2') * 100);
  const mines = Number(q.get('mines') ?? 3);
  const rows = Number(q.get('rows') ?? 16);
  const base = {
    game,
    serverSeed,
    clientSeed,
    nonce,
    target: game === 'limbo' ? limboTarget : diceTarget,
    condition: pick<DiceCondition>(q.get('condition'), ['over', 'under'], 'over'),
    mines,
    rows,
    risk: pick<PlinkoRisk>(q.get('risk'), ['low', 'medium', 'high'], 'medium'),
    color: pick<RowDoubleColor>(q.get('color'), ['white', 'red', 'black'], 'red'),
  } satisfies VerifyInput;
  let problem: string | null = null;
  if (!serverSeed) problem = 'serverSeed';
  else if (!Number.isSafeInteger(nonce)) problem = 'nonce';
  else if (game === 'dice' && !(base.target >= 1 && base.target <= 9_999)) problem = 'target';
  else if (game === 'limbo' && !(base.target >= LIMBO_TARGET.min && base.target <= LIMBO_TARGET.max))
    problem = 'target';
  else if (
    game === 'mines' &&
    !(Number.isInteger(mines) && mines >= MINES_COUNT.min && mines <= MINES_COUNT.max)
  )
    problem = 'mines';
  else if (
    game === 'plinko' &&
    !(Number.isInteger(rows) && rows >= PLINKO_ROWS.min && rows <= PLINKO_ROWS.max)
  )
    problem = 'rows';
  return { input: problem ? null : base, problem } as never;
}

/**
 * /fairness: recomputes any bet of any game in the browser, from the revealed server seed, the client seed and
 * the nonce, with the same @aposta/fairness functions the server settles with. No server call: it works for
 * visitors, and offline once loaded.
 */
export function FairnessPage() {
  // The studio's namespace too: its slots' symbols are named in the player's language (lib/slot-symbols.ts).
  const { t } = useTranslation(['originals', 'studio']);
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  const [q, setQ] = useSearchParams();
  const { input, problem } = readInput(q);
  const game = pick(q.get('game'), GAMES, 'dice');
  const rules = Number(q.get('rules'));
  // A slot round played under retired rules is replayed under them (its recall links with `rules`).
  const slot = slotOf(game, Number.isInteger(rules) && rules > 0 ? rules : undefined);
  // A few HMAC-SHA256 blocks (a slot's spin, a few dozen): cheap enough to recompute on every keystroke.
  const result = input ? (slot ? verifySlot(slot, input) : verify(input)) : null;
  const claimed = (q.get('serverSeedHash') ?? '').trim().toLowerCase();

  /** An emptied field leaves the address (its default applies), unless `kept`: then it is said to be missing. */
  const set = (key: string, value: string, kept = false) => {
    const next = new URLSearchParams(q);
    if (value === '' && !kept) next.delete(key);
    else next.set(key, value);
    setQ(next, { replace: true });
  };
  const field = (key: string, fallback = '') => q.get(key) ?? fallback;

  return (
    // The whole width: the layout shows no floating support button here (the menu has it).
    <section className="flex flex-col gap-14 px-12 pb-24 pt-12" aria-labelledby="verifier-title">
      <header>
        <h1 id="verifier-title" className="text-xl font-extrabold">
          {t('translation:pages.fairness')}
        </h1>
        <p className="mt-4 text-sm text-muted">{t('verifier.intro')}</p>
      </header>

      <form
        className="flex flex-col gap-10 rounded-2xl border border-line bg-panel p-12"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label={t('verifier.game')}
          name="game"
          value={game}
          options={GAMES.map((g) => ({
            value: g,
            label: slotOf(g)?.name ?? t(`games.${g as OriginalGame}`),
          }))}
          onChange={(g) => set('game', g)}
        />
        <TextField
          label={t('fairness.serverSeed')}
          name="serverSeed"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={field('serverSeed')}
          onChange={(e) => set('serverSeed', e.target.value.trim())}
        />
        <TextField
          label={t('verifier.claimedHash')}
          hint={t('fairness.optional')}
          name="serverSeedHash"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={field('serverSeedHash')}
          onChange={(e) => set('serverSeedHash', e.target.value.trim())}
        />
        <div className="grid grid-cols-[1fr_0.9rem] gap-8">
          <TextField
            label={t('fairness.clientSeed')}
            name="clientSeed"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={field('clientSeed')}
            onChange={(e) => set('clientSeed', e.target.value)}
          />
          <TextField
            label={t('fairness.nonce')}
            name="nonce"
            inputMode="numeric"
            value={field('nonce', '0')}
            error={problem === 'nonce' ? t('errors.nonce') : undefined}
            // As typed: letters or an emptied field are refused beside it, not read as nonce 0 (another bet).
            onChange={(e) => set('nonce', e.target.value.trim(), true)}
          />
        </div>
        {slot ? null : <GameParams game={game as OriginalGame} field={field} set={set} problem={problem} />}
      </form>

      {result && input ? (
        <div className="flex flex-col gap-12" data-testid="verifier-result">
          {slot ? (
            <SlotOutcome game={slot} result={result as SlotVerification} locale={locale} />
          ) : (
            <Outcome input={input} result={result as ReturnType<typeof verify>} locale={locale} />
          )}
          <div className="flex flex-col gap-6 rounded-2xl border border-line bg-panel p-12">
            <h2 className="text-sm font-bold">{t('verifier.hash')}</h2>
            <p className="break-all font-mono text-xs" data-testid="verifier-hash">
              {result.serverSeedHash}
            </p>
            {claimed ? (
              <p
                className={`text-sm font-semibold ${claimed === result.serverSeedHash ? 'text-mint' : 'text-rose'}`}
                data-testid="hash-check"
              >
                {claimed === result.serverSeedHash ? t('verifier.hashMatches') : t('verifier.hashDiffers')}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-6 rounded-2xl border border-line bg-panel p-12">
            <h2 className="text-sm font-bold">{t('verifier.floats')}</h2>
            <p className="text-xs text-muted">{t('verifier.floatsHint')}</p>
            <table className="w-full text-left font-mono text-xs">
              <thead className="text-muted">
                <tr>
                  <th className="py-4 font-normal">#</th>
                  <th className="py-4 font-normal">{t('verifier.bytes')}</th>
                  <th className="py-4 text-right font-normal">{t('verifier.float')}</th>
                </tr>
              </thead>
              <tbody data-testid="verifier-floats">
                {result.floats.map((f, i) => (
                  <tr key={i} className="border-t border-line/60">
                    <td className="py-4 text-muted">{i}</td>
                    <td className="py-4">
                      {f.bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ')}
                      <span className="ml-6 text-2xs text-muted">
                        r{f.round}:{f.offset}
                      </span>
                    </td>
                    <td className="py-4 text-right tabular-nums">{decimalText(f.value, 10, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <p className="rounded-2xl border border-line bg-panel p-12 text-sm text-muted" role="status">
          {problem === 'serverSeed' ? t('verifier.needSeed') : t('verifier.fixParams')}
        </p>
      )}
    </section>
  );
}

function GameParams({
  game,
  field,
  set,
  problem,
}: {
  game: OriginalGame;
  field: (key: string, fallback?: string) => string;
  set: (key: string, value: string) => void;
  problem: string | null;
}) {
  const { t } = useTranslation('originals');
  const locale = languageEntry(useAppState((s) => s.lang)).locale;
  // The address keeps a plain number ("50.5"); the field shows it as the player writes it ("50,5").
  const clean = (v: string) => v.replace(/[^\d.,]/g, '').replace(',', '.');
  const decimal = decimalText(1.5, 1, locale).charAt(1);
  const shown = (v: string) => v.replace('.', decimal);
  switch (game) {
    case 'dice':
      return (
        <div className="flex flex-col gap-8">
          <TextField
            label={t('dice.target')}
            name="target"
            inputMode="decimal"
            value={shown(field('target', '50.5'))}
            error={problem === 'target' ? t('errors.target') : undefined}
            onChange={(e) => set('target', clean(e.target.value))}
          />
          <div className="flex flex-col gap-4">
            <span className="text-sm text-muted">{t('dice.condition')}</span>
            <Segmented
              label={t('dice.condition')}
              value={field('condition', 'over')}
              onChange={(v) => set('condition', v)}
              options={[
                { value: 'over', label: t('dice.over') },
                { value: 'under', label: t('dice.under') },
              ]}
            />
          </div>
        </div>
      );
    case 'limbo':
      return (
        <TextField
          label={t('limbo.target')}
          name="target"
          inputMode="decimal"
          value={shown(field('target', '2'))}
          error={problem === 'target' ? t('errors.target') : undefined}
          onChange={(e) => set('target', clean(e.target.value))}
        />
      );
    case 'mines':
      return (
        <TextField
          label={t('mines.countLabel')}
          name="mines"
          inputMode="numeric"
          value={field('mines', '3')}
          error={problem === 'mines' ? t('errors.mines') : undefined}
          onChange={(e) => set('mines', e.target.value.replace(/\D/g, ''))}
        />
      );
    case 'plinko':
      return (
        <div className="flex flex-col gap-8">
          <TextField
            label={t('plinko.rows')}
            name="rows"
            inputMode="numeric"
            value={field('rows', '16')}
            error={problem === 'rows' ? t('errors.rows') : undefined}
            onChange={(e) => set('rows', e.target.value.replace(/\D/g, ''))}
          />
          <Segmented
            label={t('plinko.risk')}
            value={field('risk', 'medium')}
            onChange={(v) => set('risk', v)}
            options={(['low', 'medium', 'high'] as const).map((r) => ({ value: r, label: t(`plinko.${r}`) }))}
          />
        </div>
      );
    case 'rowDouble':
      return (
        <Segmented
          label={t('rowDouble.pick')}
          value={field('color', 'red')}
          onChange={(v) => set('color', v)}
          options={(['white', 'red', 'black'] as const).map((c) => ({
            value: c,
            label: t(`rowDouble.${c}`),
          }))}
        />
      );
  }
}

function Outcome({
  input,
  result,
  locale,
}: {
  input: VerifyInput;
  result: ReturnType<typeof verify>;
  locale: string;
}) {
  const { t } = useTranslation('originals');
  const o = result.outcome;
  const box =
    'flex flex-col items-center gap-6 rounded-2xl border border-gold/40 bg-gradient-to-b from-raised/70 to-panel p-16 text-center';
  switch (o.game) {
    case 'dice':
      return (
        <div className={box}>
          <span className="text-xs uppercase tracking-wide text-muted">{t('verifier.roll')}</span>
          <span className="text-3xl font-black tabular-nums" data-testid="verifier-outcome">
            {hundredthsLabel(o.roll, locale)}
          </span>
          <WinLine won={o.won} multiplier={multiplierLabel(o.multiplier, locale)} />
        </div>
      );
    case 'limbo':
      return (
        <div className={box}>
          <span className="text-xs uppercase tracking-wide text-muted">{t('verifier.result')}</span>
          <span className="text-3xl font-black tabular-nums" data-testid="verifier-outcome">
            {multiplierLabel(o.result * 100, locale)}
          </span>
          <WinLine won={o.won} multiplier={multiplierLabel(input.target * 100, locale)} />
        </div>
      );
    case 'rowDouble':
      return (
        <div className={box}>
          <span className="text-xs uppercase tracking-wide text-muted">{t('verifier.tile')}</span>
          <span
            className={`flex size-64 items-center justify-center rounded-xl text-2xl font-black ${tileClass(o.tile)}`}
            data-testid="verifier-outcome"
          >
            {o.tile}
          </span>
          <span className="text-sm">{t(`rowDouble.${o.color}`)}</span>
          <WinLine
            won={o.won}
            multiplier={multiplierLabel(o.multiplier || (input.color === 'white' ? 140_000 : 20_000), locale)}
          />
        </div>
      );
    case 'plinko':
      return (
        <div className={box}>
          <span className="text-xs uppercase tracking-wide text-muted">{t('verifier.path')}</span>
          <span className="font-mono text-sm tracking-wider">
            {o.path.map((p) => (p ? t('verifier.right') : t('verifier.left'))).join(' ')}
          </span>
          <span className="text-3xl font-black" data-testid="verifier-outcome">
            {multiplierLabel(o.multiplier, locale)}
          </span>
          <span className="text-sm text-muted">{t('plinko.slotValue', { slot: o.slot })}</span>
        </div>
      );
    case 'mines':
      return (
        <div className={box}>
          <span className="text-xs uppercase tracking-wide text-muted">{t('verifier.mines')}</span>
          <div
            className="grid w-200 grid-cols-5 gap-4"
            data-testid="verifier-outcome"
            aria-label={o.mines.join(', ')}
          >
            {Array.from({ length: 25 }, (_, i) => (
              <span
                key={i}
                className={`flex aspect-square items-center justify-center rounded-md text-2xs font-bold ${o.mines.includes(i) ? 'bg-rose/80 text-white' : 'bg-mint/25 text-mint'}`}
              >
                {i}
              </span>
            ))}
          </div>
          <span className="font-mono text-xs text-muted">
            {t('verifier.mineOrder', { tiles: o.mines.join(', ') })}
          </span>
        </div>
      );
  }
}

function WinLine({ won, multiplier }: { won: boolean; multiplier: string }) {
  const { t } = useTranslation('originals');
  return (
    <span className={`text-sm font-semibold ${won ? 'text-mint' : 'text-rose'}`}>
      {won ? t('verifier.won', { multiplier }) : t('verifier.lost')}
    </span>
  );
}

/** A slot spin recomputed: the whole win, then each step (spin, cascades, free spins) as the recall shows it. */
function SlotOutcome({ game, result, locale }: { game: SlotGame; result: SlotVerification; locale: string }) {
  const { t } = useTranslation(['originals', 'studio']);
  const name = symbolNamer(t, game.code, game.symbols);
  const times = (units: number) => multiplierOf(units / game.unitsPerBet, locale);
  const stepLabel = { spin: 'stepSpin', cascade: 'stepCascade', freeSpin: 'stepFreeSpin' } as const;
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col items-center gap-6 rounded-2xl border border-gold/40 bg-gradient-to-b from-raised/70 to-panel p-16 text-center">
        <span className="text-xs uppercase tracking-wide text-muted">{t('verifier.spinTotal')}</span>
        <span className="text-3xl font-black tabular-nums" data-testid="verifier-outcome">
          {multiplierOf(result.multiplier, locale)}
        </span>
        <span className={`text-sm font-semibold ${result.multiplier > 0 ? 'text-mint' : 'text-rose'}`}>
          {result.multiplier > 0
            ? t('verifier.won', { multiplier: multiplierOf(result.multiplier, locale) })
            : t('verifier.lost')}
        </span>
      </div>
      <ol className="flex flex-col gap-8" data-testid="verifier-steps">
        {result.outcome.steps.map((step, i) => {
          const won = new Set(step.wins.flatMap((w) => w.cells.map(([r, c]) => `${r}:${c}`)));
          return (
            <li key={i} className="flex flex-col gap-6 rounded-2xl border border-line bg-panel p-12">
              <p className="flex justify-between text-sm font-semibold">
                <span>
                  {i + 1}. {t(`verifier.${stepLabel[step.kind]}`)}
                  {step.multiplier > 1 ? ` · ×${step.multiplier}` : ''}
                </span>
                <span className={step.units > 0 ? 'text-mint' : 'text-muted'}>{times(step.units)}</span>
              </p>
              <div
                className="grid gap-2 font-mono text-2xs"
                style={{ gridTemplateColumns: `repeat(${step.grid[0]?.length ?? 1}, minmax(0, 1fr))` }}
              >
                {step.grid.flatMap((row, r) =>
                  row.map((symbol, c) => (
                    <span
                      key={`${r}:${c}`}
                      className={`truncate rounded-sm px-2 py-4 text-center ${won.has(`${r}:${c}`) ? 'bg-mint/25 font-bold text-mint' : 'bg-night/60 text-muted'}`}
                    >
                      {name(symbol)}
                    </span>
                  )),
                )}
              </div>
              {step.wins.map((w, k) => (
                <p key={k} className="text-xs">
                  {t(w.line !== null ? 'verifier.lineWin' : 'verifier.anyWin', {
                    line: (w.line ?? 0) + 1,
                    count: w.count,
                    symbol: name(w.symbol),
                    multiplier: times(w.units),
                  })}
                </p>
              ))}
              {step.stops.length > 0 ? (
                <p className="font-mono text-2xs text-muted" data-testid="verifier-stops">
                  {t('verifier.stops', { stops: step.stops.join(' · ') })}
                </p>
              ) : null}
              {step.freeSpinsLeft > 0 ? (
                <p className="text-2xs text-muted">
                  {t('verifier.freeSpinsLeft', { count: step.freeSpinsLeft })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

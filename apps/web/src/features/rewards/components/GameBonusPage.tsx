import { mulDiv, toMajor, toMinor } from '@aposta/money';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { LoginFirst } from '../../../components/ui/LoginFirst';
import { Progress } from '../../../components/ui/Progress';
import { useAppState } from '../../../lib/app-state';
import { displayMoney, displayMultiple } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { useBonusPackages, useGameBonus } from '../api/rewards';

/** The gift times the multiple (the server pays it so: centavos, the multiple in hundredths, rounded down). */
const multiplied = (gift: number, bouns: number) =>
  toMajor(mulDiv(toMinor(gift), Math.round(bouns * 100), 100, 'down'));

/**
 * Game bonus (/gamebouns): settled turnover since the last bonus deposit, the multiple it unlocked, how much more
 * betting unlocks the next (the figures of the increase-bonus popup, `userBetAmount`), every mission, and the
 * EXPPAY packages with their gift multiplied.
 */
export function GameBonusPage() {
  const { t } = useTranslation('rewards');
  const lang = useAppState((s) => s.lang);
  const token = useSession((s) => s.token);
  // Cash and bonus: a bet with either changes one of them.
  const balance = useSession((s) => `${s.user?.balance}:${s.user?.freeBalance}`);
  const game = useGameBonus(token, balance);
  const packages = useBonusPackages();
  const money = (v: number) => displayMoney(v, lang);
  const times = (v: number) => displayMultiple(v, lang);
  const data = game.data;

  if (!token)
    return (
      <LoginFirst
        title={t('game.title')}
        text={t('loginFirst')}
        action={t('login')}
        onAction={() => openOverlay('login')}
      />
    );

  const target = data?.next ?? null;
  return (
    <section className="flex flex-col gap-16 p-16" aria-labelledby="game-title">
      <h1 id="game-title" className="text-xl font-bold">
        {t('game.title')}
      </h1>
      {game.isError && <p className="text-sm text-rose">{t('error')}</p>}
      {!data && !game.isError && <p className="text-sm text-muted">{t('loading')}</p>}
      {data && (
        <>
          <p className="text-sm text-muted">{t('game.intro')}</p>
          {!data.available && (
            <p role="note" className="rounded-xl border border-rose/40 bg-rose/10 p-10 text-xs">
              {t('unavailable')}
            </p>
          )}
          <div className="rounded-xl border border-gold/30 bg-panel p-12" data-testid="game-current">
            <div className="flex items-end justify-between">
              <div>
                <p className="text-xs text-muted">{t('game.unlocked')}</p>
                <p className="text-gold-gradient text-3xl font-black" data-testid="game-bouns">
                  {times(data.bouns)}x
                </p>
              </div>
              <div className="text-right">
                <p className="text-xs text-muted">{t('game.turnover')}</p>
                <p className="text-base font-semibold" data-testid="game-turnover">
                  {money(data.turnover)}
                </p>
              </div>
            </div>
            <div className="mt-10">
              {target ? (
                <Progress
                  label={t('game.next', { amount: money(target.amount), bouns: times(target.bouns) })}
                  value={data.turnover / (data.turnover + target.amount)}
                  text={`${money(data.turnover)} / ${money(data.turnover + target.amount)}`}
                  testId="game-next"
                />
              ) : (
                <p className="text-sm">{t('game.top')}</p>
              )}
            </div>
          </div>

          <h2 className="text-base font-semibold">{t('game.missions')}</h2>
          <ol className="grid grid-cols-3 gap-8">
            {data.missions.map((m) => (
              <li
                key={m.turnover}
                className={`rounded-xl border p-10 text-center ${m.reached ? 'border-gold bg-gold/10' : 'border-line bg-panel'}`}
                data-testid={`game-mission-${m.bouns}`}
                aria-current={m.bouns === data.bouns ? 'true' : undefined}
              >
                <p className="text-xl font-black text-gold">{times(m.bouns)}x</p>
                <p className="text-xs text-muted">{t('game.mission', { amount: money(m.turnover) })}</p>
              </li>
            ))}
          </ol>

          <h2 className="text-base font-semibold">{t('game.packages')}</h2>
          <ul className="flex flex-col gap-8">
            {(packages.data ?? []).map((p) => (
              <li
                key={p.pkgId}
                className="flex items-center justify-between gap-8 rounded-xl border border-line bg-panel p-12"
              >
                <div>
                  <p className="font-semibold">{t('game.packageLine', { price: money(p.price) })}</p>
                  <p className="text-xs text-mint">
                    {t('game.packageGift', {
                      gift: money(p.gift),
                      bouns: times(data.bouns),
                      total: money(multiplied(p.gift, data.bouns)),
                    })}
                  </p>
                </div>
                <Button
                  onClick={() => openOverlay('bonusDeposit', { depositPackage: p.pkgId })}
                  disabled={!data.available}
                >
                  {t('game.deposit')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

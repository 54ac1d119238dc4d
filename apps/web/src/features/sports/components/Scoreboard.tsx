import { MatchTime, type SportsEvent } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { displayDate } from '../../../lib/format';
import { SportIcon } from './SportIcon';

/** Sports played in halves, whose in-play codes (first half, half time, second half) read as they are. */
const HALVES: readonly string[] = ['football', 'basketball', 'americanFootball'];

/**
 * The match clock: the spec's match time code, and the minute (football) or the share played. A sport without
 * halves (tennis, snooker, cricket…) in play is "Ao vivo", not "Segundo tempo"; basketball's is its quarter.
 */
export function EventClock({ event }: { event: Pick<SportsEvent, 'clock' | 'minute' | 'sport' | 'live'> }) {
  const { t } = useTranslation(['sports', 'bet']);
  const inPlay = event.clock === MatchTime.FIRST_HALF || event.clock === MatchTime.SECOND_HALF;
  // Basketball is played in quarters: the share played tells which (the code table has halves only).
  const quarter =
    event.sport === 'basketball' && inPlay && event.minute !== null
      ? Math.min(4, Math.floor(event.minute / 25) + 1)
      : null;
  const phase = quarter
    ? t('quarter', { n: quarter })
    : !HALVES.includes(event.sport) && event.clock >= 1 && event.clock <= 3
      ? t('live')
      : t(`bet:matchTime.${event.clock}`);
  if (!event.live || event.minute === null) return <>{phase}</>;
  return (
    <span className="flex flex-col leading-tight">
      <span className="font-bold text-rose">
        ●{' '}
        {event.sport === 'football'
          ? t('minute', { minute: event.minute })
          : t('played', { share: event.minute })}
      </span>
      <span>{phase}</span>
    </span>
  );
}

/** The event's head: competition, teams, score and clock; corners for football. */
export function Scoreboard({ event }: { event: SportsEvent }) {
  const { t } = useTranslation('sports');
  const lang = useAppState((s) => s.lang);
  const locale = languageEntry(lang).locale;
  const started = event.live || event.clock === -1;
  return (
    <section
      className="rounded-2xl border border-line bg-gradient-to-b from-[#1d2450] to-panel p-14"
      aria-label={`${event.home} × ${event.away}`}
      data-testid="scoreboard"
    >
      <p className="flex items-center justify-center gap-6 text-2xs text-muted">
        <SportIcon sport={event.sport} className="size-14" />
        {event.competition}
      </p>
      <div className="mt-10 grid grid-cols-[1fr_auto_1fr] items-center gap-10 text-center">
        <p className="text-sm font-bold">{event.home}</p>
        {/* Before kick-off there is no score: "×" as Brazilians write a fixture, not a gold dash like a score. */}
        {started ? (
          <p className="text-3xl font-extrabold tabular-nums text-gold" data-testid="score">
            {`${event.score.home} – ${event.score.away}`}
          </p>
        ) : (
          <p className="text-xl font-bold text-muted" aria-hidden="true">
            ×
          </p>
        )}
        <p className="text-sm font-bold">{event.away}</p>
      </div>
      <div className="mt-8 flex justify-center text-center text-xs text-muted" data-testid="clock">
        {started ? (
          <EventClock event={event} />
        ) : (
          `${displayDate(event.startsAt, lang)} · ${new Date(event.startsAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}`
        )}
      </div>
      {event.corners && started ? (
        <p className="mt-4 text-center text-2xs text-muted">
          {t('corners', { home: event.corners.home, away: event.corners.away })}
        </p>
      ) : null}
    </section>
  );
}

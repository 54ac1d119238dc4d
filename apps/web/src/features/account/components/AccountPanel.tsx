import type { TestAccount } from '@aposta/contracts';
import { useTranslation } from 'react-i18next';
import { go } from '../../../lib/navigation';
import { BalanceFigure } from '../../../components/ui/BalanceFigure';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { Sheet } from '../../../components/ui/Sheet';
import { useAppState } from '../../../lib/app-state';
import { copyText } from '../../../lib/clipboard';
import { displayDate, displayMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { SessionKey, writeJson } from '../../../lib/storage';
import { openDeposit, openOverlay, setPanel } from '../../../lib/ui';
import { useUserTest } from '../api/get-user-test';
import { Avatar } from './Avatar';
import { VipBadge } from './VipBadge';

/** A test account's credentials: extendInfo holds them, getUserTest is asked otherwise (spec section 3). */
export function useTestAccount(
  testFlag: string | undefined,
  extendInfo: string | undefined,
): TestAccount | null {
  const token = useSession((s) => s.token);
  const fromExtend = parseTestAccount(extendInfo);
  const fetched = useUserTest(token, testFlag === '1' && !fromExtend);
  return testFlag === '1' ? (fromExtend ?? fetched.data ?? null) : null;
}

function parseTestAccount(extendInfo: string | undefined): TestAccount | null {
  try {
    const v = JSON.parse(extendInfo ?? '') as Partial<TestAccount>;
    return typeof v.username === 'string' && typeof v.pwd === 'string'
      ? { username: v.username, pwd: v.pwd, balance: Number(v.balance ?? 0) }
      : null;
  } catch {
    return null;
  }
}

/** 'Mudar de conta': keep the test credentials for the login form, then sign out (spec section 4). */
async function switchAccount(test: TestAccount, logout: () => Promise<void>) {
  writeJson('session', SessionKey.TESTACCOUNT, { username: test.username, pwd: test.pwd });
  await logout();
}

/** `onLogout` is the app's sign-out flow (server revocation, then this device). */
export function AccountPanel({ onLogout }: { onLogout: () => Promise<void> }) {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.user);
  const lang = useAppState((s) => s.lang);
  const test = useTestAccount(user?.testFlag, user?.extendInfo);
  const close = () => setPanel('accountOpen', false);
  const goTo = (path: string) => {
    close();
    go(path);
  };

  const actions: { icon: IconName; label: string; run: () => void }[] = [
    { icon: 'wallet', label: t('deposit'), run: () => openDeposit() },
    { icon: 'download', label: t('withdraw'), run: () => openOverlay('withdraw') },
    { icon: 'user', label: t('account'), run: () => goTo('/conta') },
    { icon: 'crown', label: t('vip'), run: () => goTo('/vip') },
    { icon: 'record', label: t('records'), run: () => goTo('/registros') },
    { icon: 'lock', label: t('changePassword'), run: () => openOverlay('changePwd') },
    { icon: 'shield', label: t('responsibleGaming'), run: () => goTo('/jogoResponsavel') },
  ];

  return (
    <Sheet title={t('title')} onClose={close} side="top">
      <div className="flex flex-col gap-14 p-16">
        <div className="flex items-center gap-12">
          <button
            type="button"
            onClick={() => setPanel('avatarOpen', true)}
            aria-label={t('changeAvatar')}
            className="relative rounded-full"
          >
            <Avatar index={user?.header ?? 0} size={64} eager />
            <span className="absolute -bottom-2 -right-2 flex size-22 items-center justify-center rounded-full bg-gold text-night">
              <Icon name="refresh" className="size-12" />
            </span>
          </button>
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-semibold">{user?.name || user?.username}</p>
            <div className="mt-4 flex items-center gap-8">
              <VipBadge level={user?.level ?? 0} />
              {user ? (
                <span className="text-2xs text-muted">
                  {t('memberSince')} {displayDate(user.time, lang)}
                </span>
              ) : null}
            </div>
          </div>
        </div>

        <div className="rounded-xl border border-line bg-deep/70 p-12">
          <p className="text-xs text-muted">{t('translation:nav.balance')}</p>
          <BalanceFigure className="text-2xl font-bold text-gold" testId="account-balance" />
          <div className="mt-10 flex items-center gap-8 border-t border-line pt-10">
            <div className="min-w-0 flex-1">
              <p className="text-xs text-muted">{t('email')}</p>
              <p className="truncate text-sm" data-testid="account-email">
                {user?.email || user?.username}
              </p>
            </div>
            <button
              type="button"
              onClick={() => void copyText(user?.email || user?.username || '')}
              className="flex min-h-44 items-center gap-4 rounded-lg border border-line px-10 text-sm text-gold"
              aria-label={t('copyEmail')}
            >
              <Icon name="copy" className="size-16" />
              {t('translation:common.copy')}
            </button>
          </div>
        </div>

        {test ? (
          <section
            className="rounded-xl border border-violet/50 bg-violet/10 p-12"
            aria-labelledby="test-account-title"
          >
            <h3 id="test-account-title" className="text-sm font-bold text-violet-200">
              {t('testAccount')}
            </h3>
            <p className="mb-8 text-xs text-muted">{t('testNotice')}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-10 gap-y-2 text-sm">
              <dt className="text-muted">{t('testUser')}</dt>
              <dd className="truncate">{test.username}</dd>
              <dt className="text-muted">{t('testPwd')}</dt>
              <dd className="truncate">{test.pwd}</dd>
              <dt className="text-muted">{t('testBalance')}</dt>
              <dd>{displayMoney(test.balance, lang)}</dd>
            </dl>
            <button
              type="button"
              onClick={() => void switchAccount(test, onLogout)}
              className="mt-10 min-h-44 w-full rounded-lg border border-violet/60 text-sm font-semibold text-violet-100"
            >
              {t('switchAccount')}
            </button>
          </section>
        ) : null}

        <div className="grid grid-cols-3 gap-8">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              onClick={a.run}
              className="flex min-h-72 flex-col items-center justify-center gap-6 rounded-xl border border-line bg-raised/50 px-4 text-xs text-text hover:border-gold/60"
            >
              <Icon name={a.icon} className="size-22 text-gold" />
              {a.label}
            </button>
          ))}
        </div>

        <button
          type="button"
          onClick={() => void onLogout()}
          className="flex min-h-44 items-center justify-center gap-8 rounded-xl border border-rose/50 text-base font-semibold text-rose"
        >
          <Icon name="logout" className="size-18" />
          {t('logout')}
        </button>
      </div>
    </Sheet>
  );
}

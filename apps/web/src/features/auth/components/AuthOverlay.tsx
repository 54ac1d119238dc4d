import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { closeOverlay, openOverlay } from '../../../lib/ui';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import type { SignedIn } from '../types';

/** The login and register overlay: two tabs (spec section 2). */
export function AuthOverlay({ tab, onSignedIn }: { tab: 'login' | 'register'; onSignedIn: SignedIn }) {
  const { t } = useTranslation('auth');
  const tabs = [
    { id: 'login', label: t('loginTab') },
    { id: 'register', label: t('registerTab') },
  ] as const;
  return (
    <Sheet title={t('title')} onClose={closeOverlay} side="bottom">
      <div
        role="tablist"
        aria-label={t('title')}
        className="mx-16 mt-12 grid grid-cols-2 rounded-xl bg-deep p-4"
      >
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`auth-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`auth-panel-${item.id}`}
            onClick={() => openOverlay(item.id)}
            className={`min-h-44 rounded-lg text-base font-semibold transition-colors ${tab === item.id ? 'btn-gold' : 'text-muted'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? <LoginForm onSignedIn={onSignedIn} /> : <RegisterForm onSignedIn={onSignedIn} />}
      </div>
    </Sheet>
  );
}

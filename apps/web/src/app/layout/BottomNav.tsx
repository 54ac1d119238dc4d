import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';

const items: {
  to: string;
  icon: IconName;
  label: 'home' | 'sports' | 'casino' | 'promotions' | 'account';
}[] = [
  { to: '/home', icon: 'home', label: 'home' },
  { to: '/footballPage', icon: 'ball', label: 'sports' },
  { to: '/casino', icon: 'spade', label: 'casino' },
  { to: '/vip', icon: 'crown', label: 'promotions' },
  { to: '/conta', icon: 'wallet', label: 'account' },
];

export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      className="safe-bottom fixed inset-x-0 bottom-0 z-20 mx-auto max-w-393 border-t border-line bg-deep/95 backdrop-blur"
    >
      <ul className="grid grid-cols-5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `flex min-h-56 flex-col items-center justify-center gap-2 text-2xs ${isActive ? 'text-gold' : 'text-muted'}`
              }
            >
              <Icon name={item.icon} className="size-22" />
              {t(`nav.${item.label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

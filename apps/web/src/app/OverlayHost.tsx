import { lazy, Suspense } from 'react';
import { useUi } from '../lib/ui';

// Every overlay is its own chunk: the first load carries none of them.
const AuthOverlay = lazy(() => import('../features/auth').then((m) => ({ default: m.AuthOverlay })));
const ForgotPasswordOverlay = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.ForgotPasswordOverlay })),
);
const AccountPanel = lazy(() => import('../features/account').then((m) => ({ default: m.AccountPanel })));
const AvatarPicker = lazy(() => import('../features/account').then((m) => ({ default: m.AvatarPicker })));
const ChangePasswordOverlay = lazy(() =>
  import('../features/account').then((m) => ({ default: m.ChangePasswordOverlay })),
);
const KycOverlay = lazy(() => import('../features/account').then((m) => ({ default: m.KycOverlay })));
const TestAccountPopup = lazy(() =>
  import('../features/account').then((m) => ({ default: m.TestAccountPopup })),
);
const SettingsMenu = lazy(() => import('../features/menu').then((m) => ({ default: m.SettingsMenu })));
const LanguagePicker = lazy(() => import('../features/menu').then((m) => ({ default: m.LanguagePicker })));
const ChatPanel = lazy(() => import('../features/support').then((m) => ({ default: m.ChatPanel })));
const StartMask = lazy(() => import('../features/start-mask').then((m) => ({ default: m.StartMask })));
const SignInSheet = lazy(() => import('../features/start-mask').then((m) => ({ default: m.SignInSheet })));
const WalletOverlay = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletOverlay })));

function Overlay() {
  const overlay = useUi((s) => s.overlay);
  switch (overlay) {
    case 'login':
    case 'register':
      return <AuthOverlay tab={overlay} />;
    case 'forgot':
      return <ForgotPasswordOverlay />;
    case 'editBank':
      return <KycOverlay />;
    case 'changePwd':
      return <ChangePasswordOverlay />;
    case 'deposit':
    case 'withdraw':
    case 'gameDeposit':
      return <WalletOverlay kind={overlay} />;
    case 'signInSheet':
      return <SignInSheet />;
    case 'language':
      return <LanguagePicker />;
    default:
      return null;
  }
}

/** Side menus, panels and overlays, in stacking order. */
export function OverlayHost() {
  const { menuOpen, accountOpen, avatarOpen, chatOpen, startMask, testPopup, overlay } = useUi();
  return (
    <Suspense fallback={null}>
      {menuOpen ? <SettingsMenu /> : null}
      {accountOpen ? <AccountPanel /> : null}
      {avatarOpen ? <AvatarPicker /> : null}
      {chatOpen ? <ChatPanel /> : null}
      {startMask && !overlay ? <StartMask /> : null}
      <Overlay />
      {testPopup && !startMask && !overlay ? <TestAccountPopup /> : null}
    </Suspense>
  );
}

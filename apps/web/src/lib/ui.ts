import { create } from 'zustand';

/** Overlays that are not routes (spec section 2). Opening any of them closes the side menus. */
export type OverlayName =
  | 'login'
  | 'register'
  | 'forgot'
  | 'deposit'
  | 'withdraw'
  | 'editBank'
  | 'gameDeposit'
  | 'bonusDeposit'
  | 'changePwd'
  | 'signInSheet'
  | 'language'
  | 'install';

export type DepositMode = 'normal' | 'secondDeposit';

/** A deposit made earlier whose PIX is still to pay: the deposit overlay opens on it (from the records). */
export interface PendingDeposit {
  orderId: string;
  url: string;
  /** Reais. */
  amount: number;
  /** When the unpaid order expires (ISO). */
  expiresAt: string;
}

export const TOAST_MS = 1500;
export const ERROR_ALERT_DELAY_MS = 500;

interface AlertItem {
  id: number;
  message: string;
  resolve: () => void;
}

interface ToastItem {
  id: number;
  message: string;
}

interface UiState {
  /** Requests in flight that asked for the global loading indicator. */
  loading: number;
  overlay: OverlayName | null;
  depositMode: DepositMode;
  pendingDeposit: PendingDeposit | null;
  /** The package a deposit overlay opens with (the one the player tapped), else the default one. */
  depositPackage: number | null;
  /** The stake (minor units) a game deposit was opened for: it says what is missing and offers a package that covers it. */
  depositFor: number | null;
  /** After KYC is saved, continue to this deposit (the game deposit keeps its `depositFor`). */
  afterKyc: 'deposit' | 'gameDeposit' | null;
  menuOpen: boolean;
  accountOpen: boolean;
  avatarOpen: boolean;
  chatOpen: boolean;
  startMask: boolean;
  /**
   * 'Pagamento recebido' shows (or a paid deposit is on its way there): the start mask waits until the player
   * leaves it. Set in the same store update that closes the deposit, not read from the route: the router's
   * update is a transition that lands after it, and the mask would show in between.
   */
  maskHeld: boolean;
  /** Set after registration: closing the start mask leads to the first deposit. */
  firstDeposit: boolean;
  /** The test account's credentials are shown once per sign-in. */
  testPopup: boolean;
  notice: string;
  alerts: AlertItem[];
  toasts: ToastItem[];
}

let seq = 0;

export const useUi = create<UiState>()(() => ({
  loading: 0,
  overlay: null,
  depositMode: 'normal',
  pendingDeposit: null,
  depositPackage: null,
  depositFor: null,
  afterKyc: null,
  menuOpen: false,
  accountOpen: false,
  avatarOpen: false,
  chatOpen: false,
  startMask: false,
  maskHeld: false,
  firstDeposit: false,
  testPopup: false,
  notice: '',
  alerts: [],
  toasts: [],
}));

export function openOverlay(
  overlay: OverlayName,
  extra: Partial<
    Pick<UiState, 'depositMode' | 'afterKyc' | 'pendingDeposit' | 'depositPackage' | 'depositFor'>
  > = {},
) {
  useUi.setState({
    overlay,
    menuOpen: false,
    accountOpen: false,
    avatarOpen: false,
    pendingDeposit: null,
    depositPackage: null,
    depositFor: null,
    // An overlay opened over the KYC gate's ends where the player was going: a later KYC save goes nowhere.
    afterKyc: null,
    ...extra,
  });
}

export function closeOverlay() {
  useUi.setState({ overlay: null });
}

export function setPanel(panel: 'menuOpen' | 'accountOpen' | 'avatarOpen' | 'chatOpen', open: boolean) {
  useUi.setState({ [panel]: open } as Partial<UiState>);
}

/** Shows a modal message with the 'Eu entendi' button; resolves when the player confirms. */
export function alertMessage(message: string): Promise<void> {
  return new Promise((resolve) => {
    const id = ++seq;
    useUi.setState((s) => ({
      alerts: [...s.alerts, { id, message, resolve }],
    }));
  });
}

export function dismissAlert(id: number) {
  const item = useUi.getState().alerts.find((a) => a.id === id);
  useUi.setState((s) => ({ alerts: s.alerts.filter((a) => a.id !== id) }));
  item?.resolve();
}

export function toast(message: string) {
  const id = ++seq;
  useUi.setState((s) => ({ toasts: [...s.toasts, { id, message }] }));
  setTimeout(() => useUi.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), TOAST_MS);
}

export function beginLoading() {
  useUi.setState((s) => ({ loading: s.loading + 1 }));
}

export function endLoading() {
  useUi.setState((s) => ({ loading: Math.max(0, s.loading - 1) }));
}

/** Opens the deposit overlay; the app's overlay host puts KYC first when it is missing (deposit after KYC). */
export function openDeposit(depositMode: DepositMode = 'normal') {
  openOverlay('deposit', { depositMode });
}

/** The game deposit (spec: a bet refused for the balance), for the stake refused (minor units) when known. */
export function openGameDeposit(stake?: number) {
  openOverlay('gameDeposit', { depositFor: stake ?? null });
}

/** Opens the deposit overlay on an order made earlier, to pay its PIX now. */
export function resumeDeposit(pendingDeposit: PendingDeposit) {
  openOverlay('deposit', { pendingDeposit });
}

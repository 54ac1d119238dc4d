import { create } from 'zustand';

interface RealtimeWalletState {
  /** The increase-bonus popup's figures (userBetAmount), or null when closed. */
  bonusOffer: { bouns: number; amount: number } | null;
  /** When the last deposit was paid (paySuccess). */
  payTime: number | null;
}

export const useRealtimeWallet = create<RealtimeWalletState>()(() => ({ bonusOffer: null, payTime: null }));

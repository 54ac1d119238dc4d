import type { EventBus } from '../../platform/bus';
import { pushFiguresOn, type Outbox } from '../../platform/outbox';

/** A VIP level reached for the first time, ever (its `vip_awards` row), written in that transaction. */
export interface LevelReachedFact {
  userId: number;
  level: number;
  /** The upgrade reward paid in cash, minor units (0: the level pays none). */
  reward: number;
  /** Its ledger transaction (award 14), null when the reward is 0. */
  txId: number | null;
}

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** A player reached a VIP level (recorded once, with its upgrade reward). */
    'vip.levelReached': LevelReachedFact;
  }
}

/** The player's figures (balance and level) follow the delivery (once per delivery committed). */
export function registerVipEvents(outbox: Outbox, bus: EventBus) {
  pushFiguresOn(outbox, bus, 'vip.levelReached', 'vip.levelPush');
}

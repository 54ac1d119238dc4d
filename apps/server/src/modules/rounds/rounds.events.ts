import type { RoundGame } from '@aposta/contracts';

declare module '../../platform/outbox' {
  interface OutboxEvents {
    /** Every bet of a round is settled or refunded; `paid` are the players whose balance went up. */
    'rounds.settled': { game: RoundGame; roundId: string; paid: number[] };
  }
}

export {};

-- Hand-written. The set-based fast paths (0048 `originals_bet_set`, 0049 `casino_batch_set`) cost a fixed
-- amount per batch: a dozen large generic plans set up and run whatever the batch's length. Below four bets or
-- calls that cost more than running them one by one. Measured on PostgreSQL 15, median PostgreSQL time per bet
-- (originals) or per bet + win (casino), by batch length:
--   originals  1: 2.45 ms set-based, 1.48 one by one; 2: 1.40 / 1.11; 3: 1.05 / 0.98; 4: 0.85 / 0.90; 8: 0.58 / 0.76
--   casino     1: 6.04 ms set-based, 3.81 one by one; 2: 3.32 / 2.95; 3: 2.59 / 2.43; 4: 1.97 / 2.47; 8: 1.35 / 2.26
-- Short batches are the common case of a quiet hour, and of a studio spin (its bet and win come one at a time).
-- Both ways answer the same and leave the same books (originals.batch.test.ts, casino.batch.test.ts).
CREATE OR REPLACE FUNCTION originals_bet_batch(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(p_bets) >= 4 THEN
    BEGIN
      RETURN originals_bet_set(p_bets);
    EXCEPTION WHEN OTHERS THEN
      NULL; -- the fast path's writes are undone with its subtransaction; bet by bet below
    END;
  END IF;
  RETURN originals_bet_each(p_bets);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION casino_batch(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(p_calls) >= 4 THEN
    BEGIN
      RETURN casino_batch_set(p_calls);
    EXCEPTION WHEN OTHERS THEN
      NULL; -- the fast path's writes are undone with its subtransaction; call by call below
    END;
  END IF;
  RETURN casino_batch_each(p_calls);
END $$;

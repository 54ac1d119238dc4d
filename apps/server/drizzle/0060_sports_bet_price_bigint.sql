-- A bet's price is kept in hundredths, and a parlay's is the product of its legs' (up to `sports.maxLegs` legs,
-- each up to 1000×): on a small stake under a raised maximum payout it passes an integer (21,474,836.47×), and
-- the bet failed in the database with 22003 (a 500 to the player; nothing moved). The column becomes a bigint,
-- and `sports_bet_batch` (0044) reads the price as one. Only that cast changes, so the function is rewritten from
-- its own definition here rather than copied whole.
ALTER TABLE "sports_bets" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
DO $$
DECLARE
  def text := pg_get_functiondef('sports_bet_batch(jsonb)'::regprocedure);
BEGIN
  IF position('(b->>''price'')::int,' IN def) = 0 THEN
    RAISE EXCEPTION 'sports_bet_batch: the price''s cast to replace was not found';
  END IF;
  EXECUTE replace(def, '(b->>''price'')::int,', '(b->>''price'')::bigint,');
END $$;

-- Hand-written. The batch's check that a bet's markets are still open and its selections have no result (0062)
-- read them without a lock, so a result (or a void) committing between that check and the batch's commit did
-- not see the new bet's leg when it marked the event's legs: the bet stood, its leg pending on a settled market
-- that no result touches again, its stake held for good. The check now takes the selections' key-share lock
-- (the one its legs' foreign key takes a moment later anyway, so nothing new is shared), in id order, and reads
-- their result as locked; a result or a void locks the selections it marks FOR UPDATE first, so it waits for
-- the batches that passed the check and a batch after it finds the result (SP002). A reprice's lock (FOR NO KEY
-- UPDATE) still never waits for bets. Only the check changes: the function is rewritten from its own definition.
DO $$
DECLARE
  def text := pg_get_functiondef('sports_bet_batch(jsonb)'::regprocedure);
  old text := E'      IF EXISTS (SELECT 1 FROM jsonb_to_recordset(b->''legs'') AS l (selection_id bigint)\n'
    || E'          JOIN sports_selections s ON s.id = l.selection_id JOIN sports_markets m ON m.id = s.market_id\n'
    || E'          WHERE m.status <> ''open'' OR s.result <> 0) THEN\n';
BEGIN
  IF position(old IN def) = 0 THEN
    RAISE EXCEPTION 'sports_bet_batch: the market check of 0062 was not found';
  END IF;
  EXECUTE replace(def, old,
    E'      IF EXISTS (SELECT 1 FROM (SELECT s.market_id, s.result FROM sports_selections s\n'
    || E'            WHERE s.id IN (SELECT l.selection_id FROM jsonb_to_recordset(b->''legs'') AS l (selection_id bigint))\n'
    || E'            ORDER BY s.id FOR KEY SHARE) s\n'
    || E'          JOIN sports_markets m ON m.id = s.market_id WHERE m.status <> ''open'' OR s.result <> 0) THEN\n');
END $$;

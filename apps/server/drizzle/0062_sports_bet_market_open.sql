-- A bet is checked against the catalogue as read, without locks (a reprice never waits for bets), and written
-- by `sports_bet_batch` (0044) some milliseconds later, longer when its batch waits or is sent again. A market
-- voided, resulted or suspended in between still took the bet: its leg stayed pending on a market no result
-- would touch again, the bet open and its stake held for good. The batch now refuses (SP002: the market is not
-- open) a bet whose legs' markets are no longer open or whose selections have a result, as it writes it. Only
-- that check is added, so the function is rewritten from its own definition rather than copied whole.
DO $$
DECLARE
  def text := pg_get_functiondef('sports_bet_batch(jsonb)'::regprocedure);
  anchor text := E'      PERFORM rg_stake(v_user, (b->>''stake'')::bigint);\n';
BEGIN
  IF position(anchor IN def) = 0 THEN
    RAISE EXCEPTION 'sports_bet_batch: the responsible-gambling check to insert before was not found';
  END IF;
  EXECUTE replace(def, anchor, E'      IF EXISTS (SELECT 1 FROM jsonb_to_recordset(b->''legs'') AS l (selection_id bigint)\n'
    || E'          JOIN sports_selections s ON s.id = l.selection_id JOIN sports_markets m ON m.id = s.market_id\n'
    || E'          WHERE m.status <> ''open'' OR s.result <> 0) THEN\n'
    || E'        RAISE EXCEPTION ''sports: market not open'' USING ERRCODE = ''SP002'';\n'
    || E'      END IF;\n' || anchor);
END $$;

-- Hand-written. Group commit of sports bets (`platform/batch.ts`, as `originals_bet_batch` in 0017 and
-- `casino_batch` in 0034). A bet was its own transaction of seven round trips, and its selections' exposure rows
-- (0043) stayed locked from the legs to a commit that waited on the server's event loop: bets on one selection
-- queued at some 250 a second. Here bets arriving together are one statement and one commit, each bet in its own
-- subtransaction: its liability check, the responsible-gambling check (0023), the stake held (`ledger_hold`), the
-- bet and its legs, the cash left. A bet that fails answers {"error": sqlstate, "constraint": name} and moved
-- nothing; the others stand.
--
-- The liability limit without holding the exposure rows for the whole batch: each bet is checked against the
-- totals as committed plus the bets of this batch before it (SP001 past `maxLiability`: refused); at the end the
-- batch adds its bets to the totals in one statement, in selection order, and only then locks the rows, until its
-- commit. A total found past the batch's lowest limit there means a batch committed meanwhile took the room: the
-- whole batch fails with 40001 and is sent again (`platform/batch.ts`), its bets checked against the new totals.
-- Past `liabilityAlert` the market's alert is raised, once.
CREATE FUNCTION sports_bet_batch(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b jsonb;
  answers jsonb := '[]'::jsonb;
  -- This batch's bets per selection so far: {"<selection id>": potential}.
  added jsonb := '{}'::jsonb;
  v_limit bigint;
  v_alert bigint;
  v_over boolean;
  v_user bigint;
  v_hold bigint;
  v_cash numeric;
  e_state text;
  e_constraint text;
BEGIN
  PERFORM set_config('aposta.sports_exposure_batch', 'on', true);
  FOR b IN SELECT value FROM jsonb_array_elements(p_bets) LOOP
    BEGIN
      v_user := (b->>'user')::bigint;
      SELECT bool_or(coalesce(e.potential, 0) + coalesce((added->>l.selection_id::text)::bigint, 0)
          + (b->>'potential')::bigint > (b->>'maxLiability')::bigint)
      INTO v_over
      FROM jsonb_to_recordset(b->'legs') AS l (selection_id bigint)
      LEFT JOIN sports_exposure e ON e.selection_id = l.selection_id;
      IF v_over THEN
        RAISE EXCEPTION 'sports: market liability limit' USING ERRCODE = 'SP001';
      END IF;
      PERFORM rg_stake(v_user, (b->>'stake')::bigint);
      v_hold := ledger_hold(300, v_user, b->>'currency', (b->>'stake')::bigint, 'sports',
        'sports-bet:' || (b->>'id'), NULL, NULL, NULL, NULL);
      -- No account at all: nothing to stake, refused as an overdraft.
      IF v_hold IS NULL THEN PERFORM ledger_no_funds(); END IF;
      INSERT INTO sports_bets (id, user_id, hold_id, kind, stake, currency, price, potential, accept_odds, key,
        request_hash)
      VALUES ((b->>'id')::bigint, v_user, v_hold, b->>'kind', (b->>'stake')::bigint, b->>'currency',
        (b->>'price')::int, (b->>'potential')::bigint, b->>'acceptOdds', b->>'key', b->>'hash');
      INSERT INTO sports_bet_legs (bet_id, selection_id, market_id, event_id, price)
      SELECT (b->>'id')::bigint, l.selection_id, l.market_id, l.event_id, l.price
      FROM jsonb_to_recordset(b->'legs') AS l (selection_id bigint, market_id bigint, event_id bigint, price int);
      SELECT c.cash_available INTO v_cash FROM ledger_balances(v_user, b->>'currency') c;
      -- The bet stands: counted in the batch's totals, and its limits in the batch's lowest.
      SELECT added || jsonb_object_agg(l.selection_id::text,
          coalesce((added->>l.selection_id::text)::bigint, 0) + (b->>'potential')::bigint)
      INTO added
      FROM jsonb_to_recordset(b->'legs') AS l (selection_id bigint);
      v_limit := least(v_limit, (b->>'maxLiability')::bigint);
      v_alert := least(v_alert, (b->>'liabilityAlert')::bigint);
      answers := answers || jsonb_build_array(jsonb_build_object('cash', coalesce(v_cash, 0)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME;
      answers := answers || jsonb_build_array(jsonb_build_object('error', e_state, 'constraint', e_constraint));
    END;
  END LOOP;
  WITH u AS (
    INSERT INTO sports_exposure AS e (selection_id, market_id, potential)
    SELECT s.id, s.market_id, a.value::bigint
    FROM jsonb_each_text(added) a JOIN sports_selections s ON s.id = a.key::bigint
    ORDER BY s.id
    ON CONFLICT (selection_id) DO UPDATE SET potential = e.potential + excluded.potential
    RETURNING e.market_id, e.potential
  ),
  al AS (
    INSERT INTO sports_liability_alerts (market_id, liability)
    SELECT market_id, max(potential) FROM u WHERE potential > v_alert GROUP BY market_id
    ON CONFLICT (market_id) DO NOTHING
  )
  SELECT bool_or(potential > v_limit) INTO v_over FROM u;
  IF v_over THEN
    RAISE EXCEPTION 'sports: exposure moved during the batch' USING ERRCODE = '40001';
  END IF;
  PERFORM set_config('aposta.sports_exposure_batch', 'off', true);
  RETURN answers;
END $$;

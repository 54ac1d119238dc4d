-- Hand-written. Group commit of sports bets (`platform/batch.ts`, as `originals_bet_batch` in 0017 and
-- `casino_batch` in 0034). A bet was its own transaction of seven round trips, and the selection's exposure row
-- (0043) stayed locked from the legs to the commit, waiting on the server's event loop: bets on one selection
-- queued at some 250 a second. Here bets arriving together are one statement and one commit, each bet in its own
-- subtransaction: the responsible-gambling check (0023), the stake held (the ledger's `ledger_hold`), the bet and
-- its legs (the legs' trigger adds the exposure and checks the limit the bet carries), the cash left. A bet that
-- fails answers {"error": sqlstate, "constraint": name} and moved nothing; the others stand.
CREATE FUNCTION sports_bet_batch(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b jsonb;
  answers jsonb := '[]'::jsonb;
  v_user bigint;
  v_hold bigint;
  v_cash numeric;
  e_state text;
  e_constraint text;
BEGIN
  FOR b IN SELECT value FROM jsonb_array_elements(p_bets) LOOP
    BEGIN
      v_user := (b->>'user')::bigint;
      PERFORM set_config('aposta.sports_max_liability', b->>'maxLiability', true),
        set_config('aposta.sports_liability_alert', b->>'liabilityAlert', true);
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
      answers := answers || jsonb_build_array(jsonb_build_object('cash', coalesce(v_cash, 0)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME;
      answers := answers || jsonb_build_array(jsonb_build_object('error', e_state, 'constraint', e_constraint));
    END;
  END LOOP;
  RETURN answers;
END $$;

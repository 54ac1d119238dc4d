-- Instant originals bets (dice, limbo, plinko, row double) of many players in one statement and one commit, the
-- way ledger_batch groups the ledger's hot path. Each bet runs in its own subtransaction: its nonce, its stake's
-- hold and settlement (the ledger's own functions, so the ledger's rules and its outbox fact are unchanged), its
-- row and its idempotency key are committed together or not at all, and a refused bet (an overdraft, a replayed
-- key) leaves the others, and its pair's nonce, untouched.
--
-- The outcome was computed by the caller for the nonce it expects (`nonce`): the nonce is taken only if the
-- pair is still active at exactly that nonce (compare and set), else the bet answers {"stale": true} and the
-- caller reads the pair again and recomputes. Answers, in order: {"bet", "hold", "cash_before", "balance"},
-- {"stale": true}, {"replay": true} (the key was used: the caller answers the stored answer), or
-- {"error": sqlstate, "constraint": name}.
CREATE FUNCTION originals_bet_batch(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b jsonb;
  answers jsonb := '[]'::jsonb;
  v_bet bigint;
  v_hold bigint;
  v_before bigint;
  v_after bigint;
  v_net bigint;
  e_state text;
  e_constraint text;
BEGIN
  FOR b IN SELECT value FROM jsonb_array_elements(p_bets) LOOP
    BEGIN
      IF EXISTS (SELECT 1 FROM originals_requests WHERE key = b->>'key') THEN
        answers := answers || jsonb_build_array(jsonb_build_object('replay', true));
        CONTINUE;
      END IF;
      UPDATE originals_seeds SET nonce = nonce + 1
      WHERE id = (b->>'seed')::bigint AND active AND nonce = (b->>'nonce')::int;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('stale', true));
        CONTINUE;
      END IF;
      v_bet := nextval('originals_bets_id_seq');
      SELECT balance - held INTO v_before FROM ledger_accounts WHERE id = b->>'cash';
      v_hold := ledger_hold(300, (b->>'user')::bigint, b->>'currency', (b->>'amount')::bigint, 'originals',
        v_bet::text, NULL, NULL, NULL, NULL);
      -- No account at all: nothing to stake, refused as an overdraft.
      IF v_hold IS NULL THEN PERFORM ledger_no_funds(); END IF;
      -- The stake to the house, the payout (if any) from it: one posting of the difference.
      v_net := (b->>'amount')::bigint - (b->>'paid')::bigint;
      PERFORM ledger_settle(v_hold, (b->>'amount')::bigint, (b->>'paid')::bigint,
        CASE WHEN v_net = 0 THEN '{}'::text[] ELSE ARRAY[b->>'house'] END,
        CASE WHEN v_net = 0 THEN '{}'::bigint[] ELSE ARRAY[v_net] END, NULL, NULL, NULL, NULL);
      SELECT balance - held INTO v_after FROM ledger_accounts WHERE id = b->>'cash';
      INSERT INTO originals_bets (id, user_id, game, seed_id, nonce, params, currency, amount, hold_id, state,
        multiplier, payout, outcome, balance, created_at, updated_at)
      VALUES (v_bet, (b->>'user')::bigint, b->>'game', (b->>'seed')::bigint, (b->>'nonce')::int, b->'params',
        b->>'currency', (b->>'amount')::bigint, v_hold, b->>'state', (b->>'multiplier')::int,
        (b->>'paid')::bigint, b->'outcome', coalesce(v_after, 0), (b->>'time')::timestamptz,
        (b->>'time')::timestamptz);
      INSERT INTO originals_requests (key, request_hash, bet_id, answer, balance)
      VALUES (b->>'key', b->>'hash', v_bet, b->'answer' || jsonb_build_object('betId', v_bet::text),
        coalesce(v_after, 0));
      answers := answers || jsonb_build_array(jsonb_build_object('bet', v_bet::text, 'hold', v_hold,
        'cash_before', coalesce(v_before, 0), 'balance', coalesce(v_after, 0)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME;
      answers := answers || jsonb_build_array(jsonb_build_object('error', e_state, 'constraint', e_constraint));
    END;
  END LOOP;
  RETURN answers;
END $$;

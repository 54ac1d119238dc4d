-- The casino wallet's common calls — a new bet, the first win of an open bet — of many providers' calls in one
-- statement and one commit (group commit, as ledger_batch and originals_bet_batch), instead of a transaction
-- of six round trips each. Each call runs in its own subtransaction: its idempotency row (casino_transactions),
-- the responsible-gambling check, the ledger's own ledger_hold / ledger_settle (the ledger's rules, its outbox
-- fact and its appended deltas for the provider's clearing account unchanged) and the stored answer are
-- committed together or not at all. Anything out of the common case (a uuid already seen, a bet not open, a
-- currency, game or round that differs) answers {"slow": true} having written nothing, and the caller judges it
-- in its own transaction by the full rules (casino.wallet.ts).

-- A new bet on a game session in force (the token's hash c 'token': open, unexpired, for this provider, game and
-- currency, its sign-in neither revoked nor expired, as accounts' sessionLive reads it). Answers
-- {"balance": n, "user": id} or {"slow": true}; an overdraft raises as the ledger's CHECK, a limit as rg_stake.
CREATE FUNCTION casino_bet(c jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  s casino_sessions;
  v_user bigint;
  v_amount bigint := (c->>'amount')::bigint;
  v_id bigint;
  v_hold bigint;
  v_balance bigint;
BEGIN
  SELECT * INTO s FROM casino_sessions WHERE token_hash = c->>'token';
  IF NOT FOUND OR s.provider_code <> c->>'provider' OR s.game_code <> c->>'game' OR s.currency <> c->>'currency'
    OR s.ended_at IS NOT NULL OR s.expires_at <= now() OR v_amount <= 0
    OR NOT EXISTS (SELECT 1 FROM sessions a WHERE a.id = s.auth_session_id AND a.revoked_at IS NULL
      AND a.expires_at > now()) THEN
    RETURN jsonb_build_object('slow', true);
  END IF;
  v_user := s.user_id;
  INSERT INTO casino_transactions (provider_code, transaction_uuid, kind, request_hash, user_id, game_code, round,
    currency, amount, state)
  VALUES (c->>'provider', c->>'uuid', 'bet', c->>'hash', v_user, c->>'game', c->>'round', c->>'currency',
    v_amount, 'open')
  ON CONFLICT (provider_code, transaction_uuid) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN jsonb_build_object('slow', true); END IF;
  PERFORM rg_stake(v_user, v_amount);
  v_hold := ledger_hold(300, v_user, c->>'currency', v_amount, 'casino', c->>'reference', NULL, NULL, NULL,
    c->'memo');
  IF v_hold IS NULL THEN PERFORM ledger_no_funds(); END IF;
  SELECT coalesce(cash_available, 0) + coalesce(bonus_available, 0) INTO v_balance
  FROM ledger_balances(v_user, c->>'currency');
  UPDATE casino_transactions SET hold_id = v_hold, balance_before = v_balance + v_amount,
    balance_after = v_balance,
    answer = jsonb_build_object('status', 'RS_OK', 'balance', v_balance, 'currency', c->>'currency',
      'user', v_user::text)
  WHERE id = v_id;
  UPDATE casino_sessions SET expires_at = (c->>'expires')::timestamptz, opened_at = coalesce(opened_at, now()),
    last_round = c->>'round'
  WHERE id = s.id;
  RETURN jsonb_build_object('balance', v_balance, 'user', v_user::text);
END $$;
--> statement-breakpoint
-- The first win of an open bet: settles its hold (the stake to the provider's clearing account p 'clearing', the
-- win paid from it). Answers {"balance": n, "user": id} or {"slow": true}.
CREATE FUNCTION casino_win(c jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  bet casino_transactions;
  v_amount bigint := (c->>'amount')::bigint;
  v_net bigint;
  v_id bigint;
  v_balance bigint;
BEGIN
  SELECT * INTO bet FROM casino_transactions
  WHERE provider_code = c->>'provider' AND transaction_uuid = c->>'ref' FOR UPDATE;
  IF NOT FOUND OR bet.kind <> 'bet' OR bet.state <> 'open' OR bet.hold_id IS NULL OR bet.user_id IS NULL
    OR bet.currency IS DISTINCT FROM c->>'currency' OR bet.game_code IS DISTINCT FROM c->>'game'
    OR bet.round IS DISTINCT FROM c->>'round' THEN
    RETURN jsonb_build_object('slow', true);
  END IF;
  INSERT INTO casino_transactions (provider_code, transaction_uuid, kind, request_hash, user_id, game_code, round,
    currency, amount, reference_uuid, state)
  VALUES (c->>'provider', c->>'uuid', 'win', c->>'hash', bet.user_id, c->>'game', c->>'round', c->>'currency',
    v_amount, c->>'ref', 'done')
  ON CONFLICT (provider_code, transaction_uuid) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN jsonb_build_object('slow', true); END IF;
  v_net := bet.amount - v_amount;
  IF ledger_settle(bet.hold_id, bet.amount, v_amount,
      CASE WHEN v_net = 0 THEN '{}'::text[] ELSE ARRAY[c->>'clearing'] END,
      CASE WHEN v_net = 0 THEN '{}'::bigint[] ELSE ARRAY[v_net] END, NULL, NULL, NULL, c->'memo') IS NULL THEN
    RAISE EXCEPTION 'casino: the hold % of an open bet is not open', bet.hold_id;
  END IF;
  SELECT coalesce(cash_available, 0) + coalesce(bonus_available, 0) INTO v_balance
  FROM ledger_balances(bet.user_id, bet.currency);
  UPDATE casino_transactions SET balance_before = v_balance - v_amount, balance_after = v_balance,
    answer = jsonb_build_object('status', 'RS_OK', 'balance', v_balance, 'currency', bet.currency,
      'user', bet.user_id::text)
  WHERE id = v_id;
  UPDATE casino_transactions SET state = 'settled' WHERE id = bet.id;
  RETURN jsonb_build_object('balance', v_balance, 'user', bet.user_id::text);
END $$;
--> statement-breakpoint
-- Many calls, each {"call": "bet"|"win", ...} in its own subtransaction. Answers, in order, the call's answer or
-- {"error": sqlstate, "constraint": name} (the call moved nothing).
CREATE FUNCTION casino_batch(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  answers jsonb := '[]'::jsonb;
  e_state text;
  e_constraint text;
BEGIN
  FOR c IN SELECT value FROM jsonb_array_elements(p_calls) LOOP
    BEGIN
      answers := answers || jsonb_build_array(
        CASE c->>'call' WHEN 'bet' THEN casino_bet(c) ELSE casino_win(c) END);
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME;
      answers := answers || jsonb_build_array(jsonb_build_object('error', e_state, 'constraint', e_constraint));
    END;
  END LOOP;
  RETURN answers;
END $$;

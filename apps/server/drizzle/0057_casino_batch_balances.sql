-- Hand-written. Two of `casino_batch_set`'s (0049) costs that pg_stat_statements showed under bench:casino: its
-- last statement read each call's balance through ledger_balances, a function run once per call (a quarter of
-- the function's time), and the holds' ids were joined back into the batch's JSON by rebuilding it. Now the
-- balances come from one read of the batch's accounts (the same sum ledger_balances takes: free cash plus free
-- bonus) and the holds' ids from a map by the call's place in the batch. Same statements otherwise, same answers.
CREATE OR REPLACE FUNCTION casino_batch_set(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql
-- One plan per connection: re-planning the statements for every batch cost more than running them.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_calls jsonb;
  v_users bigint[];
  v_found int;
  v_distinct int;
  v_parts jsonb;
  v_holds jsonb := '{}'::jsonb;
  r jsonb;
BEGIN
  -- Each call with its player: a bet through its game session in force (casino_bet's rules), a win through its
  -- open bet, locked (casino_win's rules); and its wallet row's id.
  -- (Every table is read by `= ANY (ARRAY(...))` on its index: a join to the calls' JSON could be planned, once
  -- per connection, as a scan of the whole table.)
  WITH c AS (
    SELECT e.value AS c, e.n FROM jsonb_array_elements(p_calls) WITH ORDINALITY e (value, n)
  ),
  s AS MATERIALIZED (
    SELECT * FROM casino_sessions s
    WHERE s.token_hash = ANY (ARRAY(SELECT c.c->>'token' FROM c WHERE c.c->>'call' = 'bet'))
  ),
  bets AS (
    SELECT c.n, c.c || jsonb_build_object('n', c.n, 'user', s.user_id, 'session', s.id) AS c
    FROM c JOIN s ON s.token_hash = c.c->>'token'
    WHERE c.c->>'call' = 'bet' AND s.provider_code = c.c->>'provider' AND s.game_code = c.c->>'game'
      AND s.currency = c.c->>'currency' AND s.ended_at IS NULL AND s.expires_at > now()
      AND (c.c->>'amount')::bigint > 0
      AND EXISTS (SELECT 1 FROM sessions a WHERE a.id = s.auth_session_id AND a.revoked_at IS NULL
        AND a.expires_at > now())
  ),
  b AS MATERIALIZED (
    SELECT * FROM casino_transactions b
    WHERE b.provider_code = ANY (ARRAY(SELECT c.c->>'provider' FROM c WHERE c.c->>'call' = 'win'))
      AND b.transaction_uuid = ANY (ARRAY(SELECT c.c->>'ref' FROM c WHERE c.c->>'call' = 'win'))
    FOR UPDATE
  ),
  wins AS (
    SELECT c.n, c.c || jsonb_build_object('n', c.n, 'user', b.user_id, 'bet', b.id, 'hold', b.hold_id,
      'stake', b.amount) AS c
    FROM c JOIN b ON b.provider_code = c.c->>'provider' AND b.transaction_uuid = c.c->>'ref'
    WHERE c.c->>'call' = 'win' AND b.kind = 'bet' AND b.state = 'open' AND b.hold_id IS NOT NULL
      AND b.user_id IS NOT NULL AND b.currency IS NOT DISTINCT FROM c.c->>'currency'
      AND b.game_code IS NOT DISTINCT FROM c.c->>'game' AND b.round IS NOT DISTINCT FROM c.c->>'round'
  ),
  x AS (SELECT * FROM bets UNION ALL SELECT * FROM wins)
  SELECT jsonb_agg(x.c || jsonb_build_object('id', nextval('casino_transactions_id_seq')) ORDER BY x.n),
    array_agg((x.c->>'user')::bigint), count(*), count(DISTINCT x.c->>'user')
  INTO v_calls, v_users, v_found, v_distinct
  FROM x;
  IF v_found IS DISTINCT FROM jsonb_array_length(p_calls) OR v_distinct <> v_found
    OR (SELECT count(DISTINCT (c->>'provider', c->>'uuid')) FROM jsonb_array_elements(v_calls) c) <> v_found
    -- Any of the batch's providers with any of its uuids: with several providers, a false alarm sends the batch
    -- call by call, never the other way.
    OR EXISTS (SELECT 1 FROM casino_transactions t
      WHERE t.provider_code = ANY (ARRAY(SELECT c->>'provider' FROM jsonb_array_elements(v_calls) c))
        AND t.transaction_uuid = ANY (ARRAY(SELECT c->>'uuid' FROM jsonb_array_elements(v_calls) c)))
    OR rg_rules_apply(v_users)
  THEN
    RAISE EXCEPTION 'casino: a batch out of the usual kind';
  END IF;

  -- As a call alone takes its locks: the day's stakes, then the players' accounts (in ledger_batch's order).
  INSERT INTO rg_usage AS u (user_id, day, staked)
  SELECT (c->>'user')::bigint, rg_today(), (c->>'amount')::bigint FROM jsonb_array_elements(v_calls) c
  WHERE c->>'call' = 'bet' ORDER BY 1
  ON CONFLICT (user_id, day) DO UPDATE SET staked = u.staked + excluded.staked;
  PERFORM 1 FROM ledger_accounts l
  WHERE l.id = ANY (ARRAY(
    SELECT 'u' || (c->>'user') || ':' || k || ':' || (c->>'currency')
    FROM jsonb_array_elements(v_calls) c, unnest(ARRAY['cash', 'bonus']) k))
  ORDER BY l.user_id, l.kind = 'bonus'
  FOR UPDATE;

  IF EXISTS (SELECT 1 FROM jsonb_array_elements(v_calls) c WHERE c->>'call' = 'bet') THEN
    v_parts := ledger_set_done(ledger_hold_set((
      SELECT jsonb_agg(jsonb_build_object('n', c->'n', 'type', 300, 'user', c->'user', 'currency', c->'currency',
        'amount', c->'amount', 'product', 'casino', 'reference', c->'reference', 'memo', c->'memo'))
      FROM jsonb_array_elements(v_calls) c WHERE c->>'call' = 'bet')));
    SELECT jsonb_object_agg(p->>'n', p->'a'->'id') INTO v_holds FROM jsonb_array_elements(v_parts) p;
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(v_calls) c WHERE c->>'call' = 'win') THEN
    -- The stake to the provider's clearing account, the win from it: one posting of the difference.
    PERFORM ledger_set_done(ledger_settle_set((
      SELECT jsonb_agg(jsonb_build_object('n', c->'n', 'hold', c->'hold', 'capture', c->'stake', 'payout', c->'amount',
        'kinds', CASE WHEN c->>'stake' = c->>'amount' THEN '[]'::jsonb ELSE jsonb_build_array(c->'clearing') END,
        'amounts', CASE WHEN c->>'stake' = c->>'amount' THEN '[]'::jsonb
          ELSE jsonb_build_array((c->>'stake')::bigint - (c->>'amount')::bigint) END,
        'memo', c->'memo'))
      FROM jsonb_array_elements(v_calls) c WHERE c->>'call' = 'win')));
  END IF;

  -- The wallet's rows with their answers, the bets won marked settled, the sessions kept alive.
  -- (A player's balance as ledger_balances gives it, for the whole batch in one read of their accounts.)
  WITH j AS (
    SELECT j.*, (v_holds->>j.n::text)::bigint AS hold, 'u' || j."user" || ':cash:' || j.currency AS cash_id,
      'u' || j."user" || ':bonus:' || j.currency AS bonus_id
    FROM jsonb_to_recordset(v_calls) AS j (n int, id bigint, call text, "user" bigint, session text, bet bigint,
      provider text, uuid text, ref text, hash text, game text, round text, currency text, amount bigint,
      expires timestamptz)
  ),
  a AS MATERIALIZED (
    SELECT id, balance - held AS free FROM ledger_accounts
    WHERE id = ANY (ARRAY(SELECT cash_id FROM j UNION ALL SELECT bonus_id FROM j))
  ),
  c AS (
    SELECT j.*, coalesce((SELECT sum(a.free) FROM a WHERE a.id IN (j.cash_id, j.bonus_id)), 0) AS balance FROM j
  ),
  t AS (
    INSERT INTO casino_transactions (id, provider_code, transaction_uuid, kind, request_hash, user_id, game_code,
      round, currency, amount, reference_uuid, state, hold_id, balance_before, balance_after, answer)
    SELECT id, provider, uuid, call, hash, "user", game, round, currency, amount, ref,
      CASE call WHEN 'bet' THEN 'open' ELSE 'done' END, CASE call WHEN 'bet' THEN hold END,
      CASE call WHEN 'bet' THEN balance + amount ELSE balance - amount END, balance,
      jsonb_build_object('status', 'RS_OK', 'balance', balance, 'currency', currency, 'user', "user"::text)
    FROM c ORDER BY n
  ),
  settled AS (
    UPDATE casino_transactions b SET state = 'settled'
    WHERE b.id = ANY (ARRAY(SELECT c.bet FROM c WHERE c.call = 'win'))
  ),
  s AS (
    UPDATE casino_sessions s SET expires_at = c.expires, opened_at = coalesce(s.opened_at, now()),
      last_round = c.round
    FROM c WHERE c.call = 'bet' AND s.id = c.session
      AND s.id = ANY (ARRAY(SELECT c.session FROM c WHERE c.call = 'bet'))
  )
  SELECT jsonb_agg(jsonb_build_object('balance', balance, 'user', "user"::text) ORDER BY n) INTO r FROM c;
  RETURN r;
END $$;

-- Hand-written. A fast path for the casino wallet's group commit (0034), as the ledger's batch (0018) and the
-- originals' (0048) have. `casino_batch` ran each call on its own: a subtransaction and a dozen statements per
-- call. Measured by `bench:casino` (1,500 bet + win pairs a second offered), PostgreSQL took most of the machine
-- and a call's p99 followed the batch's length.
--
-- Now a batch of the usual kind (each call a new bet on a game session in force or the first win of an open bet,
-- of distinct players and transaction uuids none seen before, no responsible-gambling limit or exclusion among
-- the players) runs as a handful of set-based statements in ONE subtransaction: the bets' sessions and the wins'
-- bets checked by casino_bet's and casino_win's rules, the day's stakes, the holds (`ledger_hold_set`), the
-- settlements (`ledger_settle_set`), the wallet's rows and the sessions. Anything else rolls that subtransaction
-- back and the batch runs call by call as before (`casino_batch_each`, the old function renamed): the answers are
-- the same either way ({"slow": true} included, for the caller's full rules), and the CHECK constraints stay the
-- guard of every balance.
ALTER FUNCTION casino_batch(jsonb) RENAME TO casino_batch_each;
--> statement-breakpoint
-- The fast path. Raises when the batch is not of the usual kind or anything is refused (the caller then runs it
-- call by call); answers as casino_batch otherwise: {"balance": n, "user": id} per call, in order.
CREATE FUNCTION casino_batch_set(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql
-- One plan per connection: re-planning the statements for every batch cost more than running them.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_calls jsonb;
  v_users bigint[];
  v_found int;
  v_distinct int;
  v_parts jsonb;
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
    SELECT jsonb_agg(CASE WHEN p IS NULL THEN c ELSE c || jsonb_build_object('hold', p->'a'->'id') END
      ORDER BY (c->>'n')::int) INTO v_calls
    FROM jsonb_array_elements(v_calls) c LEFT JOIN jsonb_array_elements(v_parts) p
      ON (p->>'n')::int = (c->>'n')::int AND c->>'call' = 'bet';
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
  WITH c AS (
    SELECT c.*, coalesce(b.cash_available, 0) + coalesce(b.bonus_available, 0) AS balance
    FROM jsonb_to_recordset(v_calls) AS c (n int, id bigint, call text, "user" bigint, session text, bet bigint,
      hold bigint, provider text, uuid text, ref text, hash text, game text, round text, currency text,
      amount bigint, expires timestamptz),
    LATERAL ledger_balances(c."user", c.currency) b
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
--> statement-breakpoint
-- Many calls, each {"call": "bet"|"win", ...}: the fast path above, or when it cannot take them, call by call,
-- each in its own subtransaction. Answers, in order, the call's answer or {"error": sqlstate, "constraint": name}
-- (the call moved nothing).
CREATE FUNCTION casino_batch(p_calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  BEGIN
    RETURN casino_batch_set(p_calls);
  EXCEPTION WHEN OTHERS THEN
    NULL; -- the fast path's writes are undone with its subtransaction; call by call below
  END;
  RETURN casino_batch_each(p_calls);
END $$;

-- Hand-written. `originals_bet_set` (0048) read its batch's JSON again in every statement (the bets, their
-- nonces, their stakes, their holds, their settlements, their rows) and rebuilt it twice, each bet's answer and
-- outcome copied along each time: pg_stat_statements put those JSON passes at about a fifth of the function's
-- time. Now the batch is read once into an array of `originals_bet_row`, the holds' ids kept in an array
-- beside it (indexed by the bet's place in the batch), and every statement after the first unnests the array.
-- Same statements, same order of locks, same answers.
CREATE TYPE originals_bet_row AS (
  n int, bet bigint, "user" bigint, seed bigint, nonce int, cash text, currency text, amount bigint, paid bigint,
  house text, game text, params jsonb, state text, multiplier bigint, outcome jsonb, answer jsonb, key text,
  hash text, "time" timestamptz
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION originals_bet_set(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql
-- One plan per connection: re-planning the statements for every batch cost more than running them.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_rows originals_bet_row[];
  v_users bigint[];
  v_cash text[];
  v_keys text[];
  v_holds bigint[];
  v_before jsonb;
  v_parts jsonb;
  v_count int;
  v_distinct boolean;
  r jsonb;
BEGIN
  -- The bets in their order (n = 1, 2, …: an index into v_rows and v_holds), each with its bet id.
  SELECT array_agg(ROW(e.n, nextval('originals_bets_id_seq'), e."user", e.seed, e.nonce, e.cash, e.currency,
      e.amount, e.paid, e.house, e.game, e.params, e.state, e.multiplier, e.outcome, e.answer, e.key, e.hash,
      e."time")::originals_bet_row ORDER BY e.n),
    array_agg(e."user" ORDER BY e.n), array_agg(e.cash ORDER BY e.n), array_agg(e.key ORDER BY e.n),
    count(DISTINCT e."user") = count(*) AND count(DISTINCT e.key) = count(*)
  INTO v_rows, v_users, v_cash, v_keys, v_distinct
  FROM ROWS FROM (jsonb_to_recordset(p_bets) AS ("user" bigint, seed bigint, nonce int, cash text, currency text,
      amount bigint, paid bigint, house text, game text, params jsonb, state text, multiplier bigint, outcome jsonb,
      answer jsonb, key text, hash text, "time" timestamptz)) WITH ORDINALITY
    AS e ("user", seed, nonce, cash, currency, amount, paid, house, game, params, state, multiplier, outcome,
      answer, key, hash, "time", n);
  IF NOT v_distinct THEN RAISE EXCEPTION 'originals: a player or key twice in the batch'; END IF;
  IF EXISTS (SELECT 1 FROM originals_requests q WHERE q.key = ANY (v_keys)) OR rg_rules_apply(v_users) THEN
    RAISE EXCEPTION 'originals: a replay or a responsible-gambling rule in the batch';
  END IF;

  -- In the order a bet alone takes its locks: its nonce, its day's stakes, then its accounts.
  -- (Tables are read by `= ANY (ARRAY(...))` on their index: a join to the bets could be planned, once per
  -- connection, as a scan of the whole table.)
  WITH u AS (
    UPDATE originals_seeds s SET nonce = s.nonce + 1 FROM unnest(v_rows) b
    WHERE s.id = ANY (ARRAY(SELECT seed FROM unnest(v_rows))) AND s.id = b.seed AND s.active AND s.nonce = b.nonce
    RETURNING 1
  )
  SELECT count(*) INTO v_count FROM u;
  IF v_count <> cardinality(v_rows) THEN RAISE EXCEPTION 'originals: a stale nonce in the batch'; END IF;
  INSERT INTO rg_usage AS u (user_id, day, staked)
  SELECT b."user", rg_today(), b.amount FROM unnest(v_rows) b ORDER BY b."user"
  ON CONFLICT (user_id, day) DO UPDATE SET staked = u.staked + excluded.staked;
  -- The players' rows locked in ledger_batch's order (ledger_hold_set relies on it), their free cash kept.
  SELECT coalesce(jsonb_object_agg(a.id, a.free) FILTER (WHERE a.id = ANY (v_cash)), '{}'::jsonb) INTO v_before
  FROM (
    SELECT l.id, l.balance - l.held AS free FROM ledger_accounts l
    WHERE l.id = ANY (ARRAY(
      SELECT 'u' || b."user" || ':' || k || ':' || b.currency FROM unnest(v_rows) b, unnest(ARRAY['cash', 'bonus']) k))
    ORDER BY l.user_id, l.kind = 'bonus'
    FOR UPDATE
  ) a;

  v_parts := ledger_set_done(ledger_hold_set((
    SELECT jsonb_agg(jsonb_build_object('n', b.n, 'type', 300, 'user', b."user", 'currency', b.currency,
      'amount', b.amount, 'product', 'originals', 'reference', b.bet::text))
    FROM unnest(v_rows) b)));
  SELECT array_agg((p->'a'->>'id')::bigint ORDER BY (p->>'n')::int) INTO v_holds FROM jsonb_array_elements(v_parts) p;

  -- The stake to the house, the payout (if any) from it: one posting of the difference, as ledger_settle.
  PERFORM ledger_set_done(ledger_settle_set((
    SELECT jsonb_agg(jsonb_build_object('n', b.n, 'hold', v_holds[b.n], 'capture', b.amount, 'payout', b.paid,
      'kinds', CASE WHEN b.amount = b.paid THEN '[]'::jsonb ELSE jsonb_build_array(b.house) END,
      'amounts', CASE WHEN b.amount = b.paid THEN '[]'::jsonb ELSE jsonb_build_array(b.amount - b.paid) END))
    FROM unnest(v_rows) b)));

  WITH a AS MATERIALIZED (SELECT id, balance - held AS free FROM ledger_accounts WHERE id = ANY (v_cash)),
  b AS (
    SELECT b.*, v_holds[b.n] AS hold, coalesce((v_before->>b.cash)::bigint, 0) AS cash_before,
      coalesce(a.free, 0) AS after
    FROM unnest(v_rows) b LEFT JOIN a ON a.id = b.cash
  ),
  ib AS (
    INSERT INTO originals_bets (id, user_id, game, seed_id, nonce, params, currency, amount, hold_id, state,
      multiplier, payout, outcome, balance, created_at, updated_at)
    SELECT bet, "user", game, seed, nonce, params, currency, amount, hold, state, multiplier, paid, outcome, after,
      "time", "time"
    FROM b
  ),
  iq AS (
    INSERT INTO originals_requests (key, request_hash, bet_id, answer, balance)
    SELECT key, hash, bet, answer || jsonb_build_object('betId', bet::text), after FROM b
  )
  SELECT jsonb_agg(jsonb_build_object('bet', bet::text, 'hold', hold, 'cash_before', cash_before, 'balance', after)
    ORDER BY n)
  INTO r FROM b;
  RETURN r;
END $$;

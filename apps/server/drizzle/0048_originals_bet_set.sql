-- Hand-written. A fast path for the group commit of instant bets, as the ledger's batch has had since 0018.
-- `originals_bet_batch` (0017, 0023) ran every bet of a batch on its own: a subtransaction and some fifteen
-- statements per bet (its request key, its nonce, the responsible-gambling check, the hold, the settlement, the
-- bet and its request). Measured by `bench:originals`, PostgreSQL then spent about twice the CPU of the bare
-- ledger's batch per bet, and a batch of 32 bets ran as long as 32 bets one after another.
--
-- Now a batch of the usual kind (distinct players and keys, no key seen before, no responsible-gambling limit or
-- exclusion among its players) runs as a handful of set-based statements in ONE subtransaction: the nonces, the
-- day's stakes, the holds (`ledger_hold_set`), the settlements (`ledger_settle_set`), the bets and their
-- requests. Anything else (a stale nonce, a replayed key, money short, a limit to check, a deadlock) rolls that
-- subtransaction back and the batch runs bet by bet as before (`originals_bet_each`, the old function renamed):
-- the answers are the same either way, and the CHECK constraints stay the guard of every balance.
ALTER FUNCTION originals_bet_batch(jsonb) RENAME TO originals_bet_each;
--> statement-breakpoint
-- The answers of ledger_hold_set or ledger_settle_set when every operation of the set was done; raises otherwise
-- (a fast path then leaves its batch to the slow one, which answers each operation on its own).
CREATE FUNCTION ledger_set_done(p_parts jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_parts) p WHERE p->'a'->'id' IS NULL OR p->'a'->'id' = 'null') THEN
    RAISE EXCEPTION 'ledger: an operation of the set was refused';
  END IF;
  RETURN p_parts;
END $$;
--> statement-breakpoint
-- Whether any of the players has a stake, loss or time limit or an exclusion in force: the fast paths leave
-- their stakes to rg_stake, one by one.
CREATE FUNCTION rg_rules_apply(p_users bigint[]) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = ANY (p_users) AND l.kind IN ('stake', 'loss', 'time'))
    OR EXISTS (SELECT 1 FROM rg_exclusions x WHERE x.user_id = ANY (p_users)
      AND (x.ends_at IS NULL OR x.ends_at > now()))
$$;
--> statement-breakpoint
-- The fast path. Raises when the batch is not of the usual kind or anything is refused (the caller then runs the
-- batch bet by bet); answers as originals_bet_batch otherwise.
CREATE FUNCTION originals_bet_set(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql
-- One plan per connection: re-planning the statements for every batch cost more than running them.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_bets jsonb;
  v_users bigint[];
  v_cash text[];
  v_before jsonb;
  v_parts jsonb;
  v_count int;
  v_distinct boolean;
  r jsonb;
BEGIN
  SELECT jsonb_agg(e.value || jsonb_build_object('n', e.n, 'bet', nextval('originals_bets_id_seq')) ORDER BY e.n),
    array_agg((e.value->>'user')::bigint), array_agg(e.value->>'cash'),
    count(DISTINCT e.value->>'user') = count(*) AND count(DISTINCT e.value->>'key') = count(*)
  INTO v_bets, v_users, v_cash, v_distinct
  FROM jsonb_array_elements(p_bets) WITH ORDINALITY e (value, n);
  IF NOT v_distinct THEN RAISE EXCEPTION 'originals: a player or key twice in the batch'; END IF;
  IF EXISTS (SELECT 1 FROM originals_requests q
      WHERE q.key = ANY (ARRAY(SELECT b->>'key' FROM jsonb_array_elements(v_bets) b)))
    OR rg_rules_apply(v_users)
  THEN
    RAISE EXCEPTION 'originals: a replay or a responsible-gambling rule in the batch';
  END IF;

  -- In the order a bet alone takes its locks: its nonce, its day's stakes, then its accounts.
  -- (Tables are read by `= ANY (ARRAY(...))` on their index: a join to the bets' JSON could be planned, once per
  -- connection, as a scan of the whole table.)
  WITH b AS (SELECT * FROM jsonb_to_recordset(v_bets) AS b (seed bigint, nonce int)),
  u AS (
    UPDATE originals_seeds s SET nonce = s.nonce + 1 FROM b
    WHERE s.id = ANY (ARRAY(SELECT seed FROM b)) AND s.id = b.seed AND s.active AND s.nonce = b.nonce
    RETURNING 1
  )
  SELECT count(*) INTO v_count FROM u;
  IF v_count <> jsonb_array_length(v_bets) THEN RAISE EXCEPTION 'originals: a stale nonce in the batch'; END IF;
  INSERT INTO rg_usage AS u (user_id, day, staked)
  SELECT b."user", rg_today(), b.amount FROM jsonb_to_recordset(v_bets) AS b ("user" bigint, amount bigint)
  ORDER BY b."user"
  ON CONFLICT (user_id, day) DO UPDATE SET staked = u.staked + excluded.staked;
  -- The players' rows locked in ledger_batch's order (ledger_hold_set relies on it), their free cash kept.
  SELECT coalesce(jsonb_object_agg(a.id, a.free) FILTER (WHERE a.id = ANY (v_cash)), '{}'::jsonb) INTO v_before
  FROM (
    SELECT l.id, l.balance - l.held AS free FROM ledger_accounts l
    WHERE l.id = ANY (ARRAY(
      SELECT 'u' || b."user" || ':' || k || ':' || b.currency
      FROM jsonb_to_recordset(v_bets) AS b ("user" bigint, currency text), unnest(ARRAY['cash', 'bonus']) k))
    ORDER BY l.user_id, l.kind = 'bonus'
    FOR UPDATE
  ) a;

  v_parts := ledger_set_done(ledger_hold_set((
    SELECT jsonb_agg(jsonb_build_object('n', b.n, 'type', 300, 'user', b."user", 'currency', b.currency,
      'amount', b.amount, 'product', 'originals', 'reference', b.bet::text))
    FROM jsonb_to_recordset(v_bets) AS b (n int, "user" bigint, currency text, amount bigint, bet bigint))));
  SELECT jsonb_agg(b || jsonb_build_object('hold', (p->'a'->>'id')::bigint) ORDER BY (b->>'n')::int) INTO v_bets
  FROM jsonb_array_elements(v_bets) b JOIN jsonb_array_elements(v_parts) p ON (p->>'n')::int = (b->>'n')::int;

  -- The stake to the house, the payout (if any) from it: one posting of the difference, as ledger_settle.
  PERFORM ledger_set_done(ledger_settle_set((
    SELECT jsonb_agg(jsonb_build_object('n', b.n, 'hold', b.hold, 'capture', b.amount, 'payout', b.paid,
      'kinds', CASE WHEN b.amount = b.paid THEN '[]'::jsonb ELSE jsonb_build_array(b.house) END,
      'amounts', CASE WHEN b.amount = b.paid THEN '[]'::jsonb ELSE jsonb_build_array(b.amount - b.paid) END))
    FROM jsonb_to_recordset(v_bets) AS b (n int, hold bigint, amount bigint, paid bigint, house text))));

  WITH a AS MATERIALIZED (SELECT id, balance - held AS free FROM ledger_accounts WHERE id = ANY (v_cash)),
  b AS (
    SELECT b.*, coalesce((v_before->>b.cash)::bigint, 0) AS cash_before, coalesce(a.free, 0) AS after
    FROM jsonb_to_recordset(v_bets) AS b (n int, bet bigint, hold bigint, "user" bigint, game text, seed bigint,
      nonce int, params jsonb, currency text, amount bigint, state text, multiplier int, paid bigint, outcome jsonb,
      answer jsonb, key text, hash text, "time" timestamptz, cash text)
    LEFT JOIN a ON a.id = b.cash
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
--> statement-breakpoint
-- Instant bets of many players in one statement and one commit (platform/batch.ts): the fast path above, or
-- when it cannot take the batch, bet by bet, each in its own subtransaction. Answers, in order, {bet, hold,
-- cash_before, balance}, {stale}, {replay} or {error: sqlstate, constraint}.
CREATE FUNCTION originals_bet_batch(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  BEGIN
    RETURN originals_bet_set(p_bets);
  EXCEPTION WHEN OTHERS THEN
    NULL; -- the fast path's writes are undone with its subtransaction; bet by bet below
  END;
  RETURN originals_bet_each(p_bets);
END $$;

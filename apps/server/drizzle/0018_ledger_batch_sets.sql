-- Hand-written. The group commit's fast path. Profiling the batch showed most of a bet's database time in
-- per-statement work (executor start-up, and the CHECK expressions of ledger_accounts and ledger_holds
-- rebuilt from text for every INSERT and UPDATE), not in the rows themselves. So a batch now runs its holds
-- in ONE statement and its settlements in ONE statement (set-based, the same rules as ledger_hold and
-- ledger_settle), the whole batch in ONE subtransaction. When anything in it is refused by the database (an
-- overdraft the checks below did not foresee, a deadlock, a unique violation), that subtransaction is rolled
-- back and the batch runs again one operation at a time, each in its own subtransaction, exactly as before:
-- the answers are the same either way, and the CHECK constraints stay the guard of every balance.

-- Holds of distinct players, by ledger_hold's rules: a stake draws free cash first, then bonus; a withdrawal
-- cash only. The caller (ledger_batch) has locked the players' rows in an earlier statement, so this one's
-- snapshot holds their current values (an UPDATE that had to re-check a row changed by another transaction
-- after its snapshot could skip it). An op whose money is short is answered as the CHECK would refuse it,
-- without writing anything; the CHECK still guards the writes. Answers [{n, a}] with a as ledger_batch
-- answers: {id}, {id: null} (no account, or the key was used) or the overdraft error.
CREATE FUNCTION ledger_hold_set(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql
-- One plan per connection: re-planning the big statement for every batch cost more than running it.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  r jsonb;
BEGIN
  WITH o AS (
    SELECT o.*, 'u' || o."user" || ':cash:' || o.currency AS cash_id,
      'u' || o."user" || ':bonus:' || o.currency AS bonus_id
    FROM jsonb_to_recordset(p_ops) AS o (n int, type int, "user" bigint, currency text, amount bigint,
      product text, reference text, key text, hash text, ref text, memo jsonb)
  ),
  l AS MATERIALIZED (
    SELECT a.id, a.book, a.balance - a.held AS free FROM ledger_accounts a
    WHERE a.id = ANY (ARRAY(SELECT cash_id FROM o UNION ALL SELECT bonus_id FROM o WHERE type = 300))
  ),
  s AS (
    SELECT o.*, c.free AS cash_free, b.free AS bonus_free,
      CASE WHEN o.type = 300 THEN coalesce(c.book, b.book) ELSE c.book END AS book,
      CASE WHEN o.type = 300 THEN o.amount - least(o.amount, coalesce(c.free, 0)) ELSE 0 END AS bonus_part,
      o.key IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_transactions k WHERE k.idempotency_key = o.key) AS key_used
    FROM o LEFT JOIN l c ON c.id = o.cash_id LEFT JOIN l b ON b.id = o.bonus_id AND o.type = 300
  ),
  p AS MATERIALIZED (
    SELECT s.*, (s.amount - s.bonus_part = 0 OR s.amount - s.bonus_part <= coalesce(s.cash_free, -1))
      AND (s.bonus_part = 0 OR s.bonus_part <= coalesce(s.bonus_free, -1)) AS funds
    FROM s
  ),
  q AS MATERIALIZED (
    SELECT p.*, nextval('ledger_transactions_id_seq') AS id FROM p
    WHERE p.book IS NOT NULL AND NOT p.key_used AND p.funds
  ),
  t AS (
    INSERT INTO ledger_transactions (id, type, book, user_id, idempotency_key, request_hash, ref, memo)
    SELECT id, type, book, "user", key, hash, coalesce(ref, reference), memo FROM q
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id
  ),
  x AS (SELECT q.* FROM q JOIN t USING (id)),
  uc AS (
    UPDATE ledger_accounts a SET held = a.held + (x.amount - x.bonus_part)
    FROM x WHERE a.id = x.cash_id AND x.amount > x.bonus_part
  ),
  ub AS (
    UPDATE ledger_accounts a SET held = a.held + x.bonus_part FROM x WHERE a.id = x.bonus_id AND x.bonus_part > 0
  ),
  h AS (
    INSERT INTO ledger_holds (tx_id, type, account_id, user_id, book, currency, amount, bonus, product, reference)
    SELECT id, type, cash_id, "user", book, currency, amount, bonus_part, product, reference FROM x
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('n', p.n, 'a', CASE
      WHEN x.id IS NOT NULL THEN jsonb_build_object('id', x.id)
      WHEN p.book IS NOT NULL AND NOT p.key_used AND NOT p.funds THEN
        jsonb_build_object('error', '23514', 'constraint', 'ledger_accounts_player_funds')
      ELSE jsonb_build_object('id', NULL) END)), '[]'::jsonb)
  INTO r
  FROM p LEFT JOIN x ON x.n = p.n;
  RETURN r;
END
$$;
--> statement-breakpoint
-- Settlements of distinct holds, whose rows and players' rows the caller has locked (as for holds above),
-- by ledger_settle's rules: capture cash first, then
-- bonus; the bonus share of the winnings (rounded up) back to bonus; the rest of the hold released; one
-- outbox fact each. Balances move per account by the sum of its settlements, and the system postings are
-- appended as one delta per account and batch (the roll-up only sums them). Answers [{n, a}]: {id}, or
-- {id: null} when the hold is not open, is smaller than the capture, or the key was used.
CREATE FUNCTION ledger_settle_set(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql
-- One plan per connection: re-planning the big statement for every batch cost more than running it.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  r jsonb;
BEGIN
  WITH o AS (
    SELECT * FROM jsonb_to_recordset(p_ops) AS o (n int, hold bigint, capture bigint, payout bigint,
      kinds text[], amounts bigint[], key text, hash text, ref text, memo jsonb)
  ),
  h AS MATERIALIZED (
    SELECT lh.tx_id, lh.type, lh.account_id, lh.user_id, lh.book, lh.currency, lh.amount, lh.bonus, lh.product,
      lh.reference
    FROM ledger_holds lh
    WHERE lh.tx_id = ANY (ARRAY(SELECT hold FROM o)) AND lh.state = 'held'
  ),
  p AS MATERIALIZED (
    SELECT h.*, o.n, o.capture, o.payout, o.kinds, o.amounts, o.key, o.hash, o.ref, o.memo,
      greatest(0, o.capture - (h.amount - h.bonus)) AS cb,
      ledger_bonus_share(o.payout, o.capture, greatest(0, o.capture - (h.amount - h.bonus)), h.amount, h.bonus) AS pb,
      nextval('ledger_transactions_id_seq') AS id
    FROM h JOIN o ON o.hold = h.tx_id
    WHERE h.amount >= o.capture
      AND (o.key IS NULL OR NOT EXISTS (SELECT 1 FROM ledger_transactions k WHERE k.idempotency_key = o.key))
  ),
  t AS (
    INSERT INTO ledger_transactions (id, type, book, user_id, hold_id, idempotency_key, request_hash, ref, memo)
    SELECT id, CASE type WHEN 300 THEN 301 ELSE 110 END, book, user_id, tx_id, key, hash,
      coalesce(ref, reference), memo
    FROM p
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id
  ),
  x AS MATERIALIZED (
    SELECT p.*, (p.payout - p.pb) - (p.capture - p.cb) AS cash_delta, p.pb - p.cb AS bonus_delta,
      'u' || p.user_id || ':bonus:' || p.currency AS bonus_id
    FROM p JOIN t USING (id)
  ),
  uh AS (
    UPDATE ledger_holds lh SET state = 'posted', closed_by = x.id, posted = x.capture, posted_bonus = x.cb,
      paid = x.payout, paid_bonus = x.pb
    FROM x WHERE lh.tx_id = x.tx_id
  ),
  e AS MATERIALIZED (
    SELECT x.id, x.currency, v.account_id, v.amount, v.player
    FROM x, LATERAL (
      VALUES (x.account_id, x.cash_delta, true), (x.bonus_id, x.bonus_delta, true)
      UNION ALL
      SELECT x.book || ':' || k.kind || ':' || x.currency, k.amount, false FROM unnest(x.kinds, x.amounts) k (kind, amount)
    ) v (account_id, amount, player)
    WHERE v.amount <> 0
  ),
  pp AS (INSERT INTO ledger_postings (tx_id, account_id, currency, amount) SELECT id, account_id, currency, amount FROM e),
  d AS (
    INSERT INTO ledger_deltas (account_id, amount)
    SELECT account_id, sum(amount) FROM e WHERE NOT player GROUP BY account_id HAVING sum(amount) <> 0
  ),
  ua AS (
    UPDATE ledger_accounts a SET balance = a.balance + m.delta, held = a.held - m.released
    FROM (
      SELECT account_id AS id, sum(cash_delta) AS delta, sum(amount - bonus) AS released FROM x
      WHERE amount > bonus GROUP BY account_id
      UNION ALL
      SELECT bonus_id, sum(bonus_delta), sum(bonus) FROM x WHERE bonus > 0 GROUP BY bonus_id
    ) m
    WHERE a.id = m.id
  ),
  ev AS (
    INSERT INTO outbox_events (topic, payload)
    SELECT CASE type WHEN 300 THEN 'ledger.stakeSettled' ELSE 'ledger.withdrawalPaid' END,
      jsonb_build_object('txId', id, 'holdId', tx_id, 'userId', user_id, 'book', book, 'currency', currency,
        'product', product, 'reference', reference, 'cash', capture - cb, 'bonus', cb, 'payout', payout,
        'payoutBonus', pb, 'turnover', capture, 'supersedes', NULL)
    FROM x ORDER BY n
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('n', o.n, 'a', jsonb_build_object('id', x.id))), '[]'::jsonb)
  INTO r
  FROM o LEFT JOIN x ON x.n = o.n;
  RETURN r;
END
$$;
--> statement-breakpoint
-- One operation of a batch (ledger_batch's JSON), run alone; the id of its transaction or NULL.
CREATE FUNCTION ledger_batch_op(op jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF op->>'op' = 'hold' THEN
    RETURN ledger_hold((op->>'type')::int, (op->>'user')::bigint, op->>'currency', (op->>'amount')::bigint,
      op->>'product', op->>'reference', op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
  ELSIF op->>'op' = 'settle' THEN
    RETURN ledger_settle((op->>'hold')::bigint, (op->>'capture')::bigint, (op->>'payout')::bigint,
      ARRAY(SELECT jsonb_array_elements_text(op->'kinds')),
      ARRAY(SELECT jsonb_array_elements_text(op->'amounts')::bigint),
      op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
  ELSE
    RETURN ledger_resettle((op->>'hold')::bigint, (op->>'capture')::bigint, (op->>'payout')::bigint,
      ARRAY(SELECT jsonb_array_elements_text(op->'kinds')),
      ARRAY(SELECT jsonb_array_elements_text(op->'amounts')::bigint),
      op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
  END IF;
END $$;
--> statement-breakpoint
-- Runs holds, settlements and resettlements of many callers in one transaction (one commit). Fast path: the
-- holds in one statement, the settlements in another, resettlements (and holds of a player who has several
-- in the batch) one by one, all in ONE subtransaction. Only when that fails, each operation in its own
-- subtransaction, so one refused operation leaves the others intact. Answers, in order, {"id": n|null} or
-- {"error": sqlstate, "constraint": name, "column": name}.
CREATE OR REPLACE FUNCTION ledger_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  op jsonb;
  parts jsonb := '[]'::jsonb;
  v_holds jsonb;
  v_settles jsonb;
  v_hold_ids bigint[];
  v_distinct boolean;
  answers jsonb := '[]'::jsonb;
  v bigint;
  e_state text;
  e_constraint text;
  e_column text;
BEGIN
  BEGIN
    SELECT jsonb_agg(e.value || jsonb_build_object('n', e.n)) FILTER (WHERE e.value->>'op' = 'hold'),
      jsonb_agg(e.value || jsonb_build_object('n', e.n)) FILTER (WHERE e.value->>'op' = 'settle'),
      array_agg((e.value->>'hold')::bigint) FILTER (WHERE e.value->>'op' <> 'hold')
    INTO v_holds, v_settles, v_hold_ids
    FROM jsonb_array_elements(p_ops) WITH ORDINALITY e (value, n);
    -- Every row the batch will change, locked first and in one order (holds by id, then players' accounts by
    -- player, cash before bonus), so two batches cannot wait for each other; the statements below then see
    -- these rows as they are.
    PERFORM 1 FROM ledger_holds WHERE tx_id = ANY (v_hold_ids) ORDER BY tx_id FOR UPDATE;
    PERFORM 1 FROM ledger_accounts
    WHERE id = ANY (ARRAY(
      SELECT 'u' || (h->>'user') || ':' || k || ':' || (h->>'currency')
      FROM jsonb_array_elements(coalesce(v_holds, '[]'::jsonb)) h, unnest(ARRAY['cash', 'bonus']) k
      UNION ALL
      SELECT 'u' || user_id || ':' || k || ':' || currency
      FROM ledger_holds, unnest(ARRAY['cash', 'bonus']) k WHERE tx_id = ANY (v_hold_ids)))
    ORDER BY user_id, kind = 'bonus'
    FOR UPDATE;
    IF v_holds IS NOT NULL THEN
      -- A player's second hold depends on the first (cash first, then bonus): then all one by one.
      SELECT count(DISTINCT (h->>'user', h->>'currency')) = count(*) INTO v_distinct
      FROM jsonb_array_elements(v_holds) h;
      IF v_distinct THEN
        parts := parts || ledger_hold_set(v_holds);
      ELSE
        FOR op IN SELECT value FROM jsonb_array_elements(v_holds) LOOP
          parts := parts || jsonb_build_array(jsonb_build_object('n', op->'n', 'a',
            jsonb_build_object('id', ledger_batch_op(op))));
        END LOOP;
      END IF;
    END IF;
    IF v_settles IS NOT NULL THEN
      SELECT count(DISTINCT s->>'hold') = count(*) INTO v_distinct FROM jsonb_array_elements(v_settles) s;
      IF v_distinct THEN
        parts := parts || ledger_settle_set(v_settles);
      ELSE
        FOR op IN SELECT value FROM jsonb_array_elements(v_settles) LOOP
          parts := parts || jsonb_build_array(jsonb_build_object('n', op->'n', 'a',
            jsonb_build_object('id', ledger_batch_op(op))));
        END LOOP;
      END IF;
    END IF;
    FOR op IN SELECT e.value || jsonb_build_object('n', e.n)
      FROM jsonb_array_elements(p_ops) WITH ORDINALITY e (value, n) WHERE e.value->>'op' = 'resettle' LOOP
      parts := parts || jsonb_build_array(jsonb_build_object('n', op->'n', 'a',
        jsonb_build_object('id', ledger_batch_op(op))));
    END LOOP;
    RETURN (SELECT jsonb_agg(p->'a' ORDER BY (p->>'n')::int) FROM jsonb_array_elements(parts) p);
  EXCEPTION WHEN OTHERS THEN
    NULL; -- the fast path's writes are undone with its subtransaction; one operation at a time below
  END;
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    BEGIN
      v := ledger_batch_op(op);
      answers := answers || jsonb_build_array(jsonb_build_object('id', v));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME, e_column = COLUMN_NAME;
      answers := answers || jsonb_build_array(
        jsonb_build_object('error', e_state, 'constraint', e_constraint, 'column', e_column));
    END;
  END LOOP;
  RETURN answers;
END $$;

-- The ledger's hot path (stakes) as functions: PostgreSQL and PGlite then plan these statements once per
-- connection instead of once per call, and a batch of operations shares one commit. Type codes are
-- contracts TxType: 11 WITHDRAWAL, 110 WITHDRAWAL_PAID, 300 BET, 301 BET_SETTLED.

-- Reserves p_amount on a player's account. NULL when the account does not exist or the key was used.
CREATE FUNCTION ledger_hold(p_type int, p_user bigint, p_account text, p_currency text, p_amount bigint,
  p_key text, p_hash text, p_ref text, p_memo jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  WITH t AS (
    INSERT INTO ledger_transactions (type, book, user_id, idempotency_key, request_hash, ref, memo)
    SELECT p_type, book, user_id, p_key, p_hash, p_ref, p_memo FROM ledger_accounts WHERE id = p_account
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id, book
  ),
  h AS (
    INSERT INTO ledger_holds (tx_id, type, account_id, user_id, book, currency, amount)
    SELECT t.id, p_type, p_account, p_user, t.book, p_currency, p_amount FROM t
  ),
  a AS (UPDATE ledger_accounts SET held = held + p_amount FROM t WHERE ledger_accounts.id = p_account)
  SELECT id INTO v FROM t;
  RETURN v;
END $$;
--> statement-breakpoint
-- Posts a hold: p_capture leaves the player for the system accounts p_kinds (signed p_amounts, which also
-- carry the payout), p_payout is credited, the rest of the hold is released. Settled stakes count as turnover.
-- NULL when the hold is not open, is smaller than p_capture, or the key was used.
CREATE FUNCTION ledger_settle(p_hold bigint, p_capture bigint, p_payout bigint, p_kinds text[],
  p_amounts bigint[], p_key text, p_hash text, p_ref text, p_memo jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  WITH h AS (
    SELECT tx_id, type, account_id, user_id, book, currency, amount FROM ledger_holds
    WHERE tx_id = p_hold AND state = 'held' AND amount >= p_capture
  ),
  t AS (
    INSERT INTO ledger_transactions (type, book, user_id, hold_id, idempotency_key, request_hash, ref, memo)
    SELECT CASE h.type WHEN 300 THEN 301 ELSE 110 END, h.book, h.user_id, h.tx_id, p_key, p_hash, p_ref, p_memo
    FROM h
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id
  ),
  c AS (
    UPDATE ledger_holds SET state = 'posted', posted = p_capture, paid = p_payout FROM t WHERE tx_id = p_hold
  ),
  x (account_id, currency, amount, player) AS (
    SELECT h.account_id, h.currency, p_payout - p_capture, true FROM h
    UNION ALL
    SELECT h.book || ':' || s.kind || ':' || h.currency, h.currency, s.amount, false
    FROM h, unnest(p_kinds, p_amounts) s (kind, amount)
  ),
  p AS (
    INSERT INTO ledger_postings (tx_id, account_id, currency, amount)
    SELECT t.id, x.account_id, x.currency, x.amount FROM t, x WHERE x.amount <> 0
  ),
  d AS (
    INSERT INTO ledger_deltas (account_id, amount) SELECT x.account_id, x.amount FROM t, x WHERE NOT x.player
  ),
  a AS (
    UPDATE ledger_accounts SET
      balance = balance + p_payout - p_capture,
      held = held - h.amount,
      wagered = wagered + CASE WHEN h.type = 300 THEN p_capture ELSE 0 END,
      wager_due = CASE WHEN h.type = 300 THEN greatest(0, wager_due - p_capture) ELSE wager_due END,
      bonus_wager_due = CASE WHEN h.type = 300 THEN greatest(0, bonus_wager_due - p_capture) ELSE bonus_wager_due END,
      withdrawn = withdrawn + CASE WHEN h.type = 11 THEN p_capture ELSE 0 END
    FROM h, t WHERE ledger_accounts.id = h.account_id
  )
  SELECT id INTO v FROM t;
  RETURN v;
END $$;
--> statement-breakpoint
-- Runs holds and settlements of many callers in one transaction (one commit). Each operation runs in its own
-- subtransaction, so one refused operation (an overdraft) leaves the others intact. Answers, in order,
-- {"id": n|null} or {"error": sqlstate, "constraint": name, "column": name}.
CREATE FUNCTION ledger_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  op jsonb;
  answers jsonb := '[]'::jsonb;
  v bigint;
  e_state text;
  e_constraint text;
  e_column text;
BEGIN
  FOR op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    BEGIN
      IF op->>'op' = 'hold' THEN
        v := ledger_hold((op->>'type')::int, (op->>'user')::bigint, op->>'account', op->>'currency',
          (op->>'amount')::bigint, op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
      ELSE
        v := ledger_settle((op->>'hold')::bigint, (op->>'capture')::bigint, (op->>'payout')::bigint,
          ARRAY(SELECT jsonb_array_elements_text(op->'kinds')),
          ARRAY(SELECT jsonb_array_elements_text(op->'amounts')::bigint),
          op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
      END IF;
      answers := answers || jsonb_build_array(jsonb_build_object('id', v));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME, e_column = COLUMN_NAME;
      answers := answers || jsonb_build_array(
        jsonb_build_object('error', e_state, 'constraint', e_constraint, 'column', e_column));
    END;
  END LOOP;
  RETURN answers;
END $$;

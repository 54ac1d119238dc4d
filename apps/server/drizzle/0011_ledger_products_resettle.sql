-- Hand-written. Holds carry a product and a reference and may span the player's cash and bonus accounts
-- (cash first, then bonus); a settled stake can be resettled; the wagering totals and requirements leave
-- the ledger for the wagering module. Type codes are contracts TxType: 11 WITHDRAWAL, 110 WITHDRAWAL_PAID,
-- 111 WITHDRAWAL_RELEASED, 300 BET, 301 BET_SETTLED, 302 BET_VOIDED, 303 SETTLEMENT_REVERSED.

-- 1. Existing rows: holds get a product and reference, closed holds their closing transaction.
UPDATE ledger_holds h SET
  product = CASE WHEN h.type = 11 THEN 'withdrawal' ELSE 'originals' END,
  reference = coalesce(nullif(t.ref, ''), 'tx:' || h.tx_id)
FROM ledger_transactions t WHERE t.id = h.tx_id AND h.product IS NULL;
--> statement-breakpoint
UPDATE ledger_holds h SET closed_by = c.id
FROM ledger_transactions c WHERE c.hold_id = h.tx_id AND h.closed_by IS NULL;
--> statement-breakpoint
-- 2. The ledger's player totals move to the wagering module, as one opening fact per player and currency
-- (so the wagering audit's "totals equal the journal" holds from the start).
INSERT INTO wagering_totals (user_id, currency, deposited, withdrawn, wagered)
SELECT user_id, currency, sum(deposited), sum(withdrawn), sum(wagered) FROM ledger_accounts
WHERE user_id IS NOT NULL GROUP BY user_id, currency
HAVING sum(deposited) + sum(withdrawn) + sum(wagered) + sum(wager_due) + sum(bonus_wager_due) > 0;
--> statement-breakpoint
INSERT INTO wagering_requirements (user_id, currency, kind, source, required, remaining)
SELECT user_id, currency, k.kind, 'migrated:' || user_id || ':' || currency || ':' || k.kind, k.due, k.due
FROM (SELECT user_id, currency, sum(wager_due) AS cash_due, sum(bonus_wager_due) AS bonus_due
      FROM ledger_accounts WHERE user_id IS NOT NULL GROUP BY user_id, currency) a,
  LATERAL (VALUES ('cash', a.cash_due), ('bonus', a.bonus_due)) k (kind, due)
WHERE k.due > 0;
--> statement-breakpoint
INSERT INTO wagering_events (key, user_id, currency, deposited, withdrawn, wagered, raised_cash, raised_bonus)
SELECT 'migrated:' || user_id || ':' || currency, user_id, currency, sum(deposited), sum(withdrawn), sum(wagered),
  sum(wager_due), sum(bonus_wager_due)
FROM ledger_accounts WHERE user_id IS NOT NULL GROUP BY user_id, currency
HAVING sum(deposited) + sum(withdrawn) + sum(wagered) + sum(wager_due) + sum(bonus_wager_due) > 0;
--> statement-breakpoint
DROP FUNCTION ledger_batch(jsonb);
--> statement-breakpoint
DROP FUNCTION ledger_settle(bigint, bigint, bigint, text[], bigint[], text, text, text, jsonb);
--> statement-breakpoint
DROP FUNCTION ledger_hold(int, bigint, text, text, bigint, text, text, text, jsonb);
--> statement-breakpoint
-- Refuses an operation as an overdraft, the way the CHECK on ledger_accounts does.
CREATE FUNCTION ledger_no_funds() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'check_violation',
    CONSTRAINT = 'ledger_accounts_player_funds';
END $$;
--> statement-breakpoint
-- Reserves p_amount of a player. A stake (300) draws the cash account first and the rest from the bonus
-- account; a withdrawal draws cash only. The cash row is locked before the bonus row, always (see settle).
-- NULL when the player has no account or the key was used; an overdraft fails as the CHECK does.
CREATE FUNCTION ledger_hold(p_type int, p_user bigint, p_currency text, p_amount bigint, p_product text,
  p_reference text, p_key text, p_hash text, p_ref text, p_memo jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_cash text := 'u' || p_user || ':cash:' || p_currency;
  v_bonus text := 'u' || p_user || ':bonus:' || p_currency;
  v_book text;
  v_free bigint;
  v_bonus_part bigint := 0;
  v_id bigint;
BEGIN
  SELECT book, balance - held INTO v_book, v_free FROM ledger_accounts WHERE id = v_cash FOR UPDATE;
  IF p_type = 300 THEN
    v_bonus_part := p_amount - least(p_amount, coalesce(v_free, 0));
    IF v_book IS NULL THEN SELECT book INTO v_book FROM ledger_accounts WHERE id = v_bonus; END IF;
  END IF;
  IF v_book IS NULL THEN RETURN NULL; END IF;
  INSERT INTO ledger_transactions (type, book, user_id, idempotency_key, request_hash, ref, memo)
  VALUES (p_type, v_book, p_user, p_key, p_hash, coalesce(p_ref, p_reference), p_memo)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  IF p_amount > v_bonus_part THEN
    UPDATE ledger_accounts SET held = held + (p_amount - v_bonus_part) WHERE id = v_cash;
    IF NOT FOUND THEN PERFORM ledger_no_funds(); END IF;
  END IF;
  IF v_bonus_part > 0 THEN
    UPDATE ledger_accounts SET held = held + v_bonus_part WHERE id = v_bonus;
    IF NOT FOUND THEN PERFORM ledger_no_funds(); END IF;
  END IF;
  INSERT INTO ledger_holds (tx_id, type, account_id, user_id, book, currency, amount, bonus, product, reference)
  VALUES (v_id, p_type, v_cash, p_user, v_book, p_currency, p_amount, v_bonus_part, p_product, p_reference);
  RETURN v_id;
END $$;
--> statement-breakpoint
-- The postings of a settlement of hold p_h in transaction p_tx, and the player balances they move: cash and
-- bonus get their winnings share less their captured part (times p_sign: -1 undoes an earlier settlement),
-- the system accounts p_kinds their signed p_amounts (appended to ledger_deltas).
CREATE FUNCTION ledger_settlement_postings(p_tx bigint, p_h ledger_holds, p_cash bigint, p_bonus bigint,
  p_kinds text[], p_amounts bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH x (account_id, amount, player) AS (
    VALUES (p_h.account_id, p_cash, true),
      ('u' || p_h.user_id || ':bonus:' || p_h.currency, p_bonus, true)
    UNION ALL
    SELECT p_h.book || ':' || s.kind || ':' || p_h.currency, s.amount, false
    FROM unnest(p_kinds, p_amounts) s (kind, amount)
  ),
  p AS (
    INSERT INTO ledger_postings (tx_id, account_id, currency, amount)
    SELECT p_tx, x.account_id, p_h.currency, x.amount FROM x WHERE x.amount <> 0
  )
  INSERT INTO ledger_deltas (account_id, amount) SELECT x.account_id, x.amount FROM x WHERE NOT x.player AND x.amount <> 0;
END $$;
--> statement-breakpoint
-- Posts a hold: p_capture leaves the player (cash first, then bonus, as the stake was drawn) for the system
-- accounts p_kinds (signed p_amounts, which also carry the payout), p_payout is credited, the rest of the
-- hold is released. The share of the winnings won with bonus money, payout x bonus capture / capture (or the
-- hold's bonus share when nothing is captured), rounded UP, goes back to the bonus account; the rest is cash.
-- Writes the outbox fact (turnover for the wagering module). NULL when the hold is not open, is smaller
-- than p_capture, or the key was used.
CREATE FUNCTION ledger_settle(p_hold bigint, p_capture bigint, p_payout bigint, p_kinds text[],
  p_amounts bigint[], p_key text, p_hash text, p_ref text, p_memo jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  h ledger_holds;
  v_id bigint;
  v_cb bigint;
  v_pb bigint;
BEGIN
  SELECT * INTO h FROM ledger_holds WHERE tx_id = p_hold AND state = 'held' AND amount >= p_capture FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  v_cb := greatest(0, p_capture - (h.amount - h.bonus));
  v_pb := ledger_bonus_share(p_payout, p_capture, v_cb, h.amount, h.bonus);
  INSERT INTO ledger_transactions (type, book, user_id, hold_id, idempotency_key, request_hash, ref, memo)
  VALUES (CASE h.type WHEN 300 THEN 301 ELSE 110 END, h.book, h.user_id, h.tx_id, p_key, p_hash,
    coalesce(p_ref, h.reference), p_memo)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  UPDATE ledger_holds SET state = 'posted', closed_by = v_id, posted = p_capture, posted_bonus = v_cb,
    paid = p_payout, paid_bonus = v_pb
  WHERE tx_id = p_hold;
  PERFORM ledger_settlement_postings(v_id, h, (p_payout - v_pb) - (p_capture - v_cb), v_pb - v_cb, p_kinds, p_amounts);
  UPDATE ledger_accounts SET balance = balance + (p_payout - v_pb) - (p_capture - v_cb), held = held - (h.amount - h.bonus)
  WHERE id = h.account_id AND h.amount > h.bonus;
  IF h.bonus > 0 THEN
    UPDATE ledger_accounts SET balance = balance + v_pb - v_cb, held = held - h.bonus
    WHERE id = 'u' || h.user_id || ':bonus:' || h.currency;
  END IF;
  INSERT INTO outbox_events (topic, payload) VALUES (
    CASE h.type WHEN 300 THEN 'ledger.stakeSettled' ELSE 'ledger.withdrawalPaid' END,
    jsonb_build_object('txId', v_id, 'holdId', h.tx_id, 'userId', h.user_id, 'book', h.book,
      'currency', h.currency, 'product', h.product, 'reference', h.reference,
      'cash', p_capture - v_cb, 'bonus', v_cb, 'payout', p_payout, 'payoutBonus', v_pb,
      'turnover', p_capture, 'supersedes', null));
  RETURN v_id;
END $$;
--> statement-breakpoint
-- The bonus share of a payout, rounded up (integer arithmetic in numeric: no bigint overflow).
CREATE FUNCTION ledger_bonus_share(p_payout bigint, p_capture bigint, p_capture_bonus bigint, p_amount bigint,
  p_bonus bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_payout = 0 THEN 0
    WHEN p_capture > 0 THEN ceil(p_payout::numeric * p_capture_bonus / p_capture)::bigint
    ELSE ceil(p_payout::numeric * p_bonus / p_amount)::bigint
  END
$$;
--> statement-breakpoint
-- Replaces the settlement in effect of a posted stake, in one call: a new settlement (superseding the old
-- one, carrying the key) and the exact reversal of the old one (type 303). The player's balances move by
-- the difference; a lower win the player no longer has is refused by the CHECK (no negative balances).
-- The outbox fact carries the turnover difference. NULL when the stake is not posted, is smaller than
-- p_capture, or the key was used.
CREATE FUNCTION ledger_resettle(p_hold bigint, p_capture bigint, p_payout bigint, p_kinds text[],
  p_amounts bigint[], p_key text, p_hash text, p_ref text, p_memo jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  h ledger_holds;
  v_id bigint;
  v_rev bigint;
  v_cb bigint;
  v_pb bigint;
  v_cash bigint;
  v_bonus bigint;
BEGIN
  SELECT * INTO h FROM ledger_holds
  WHERE tx_id = p_hold AND state = 'posted' AND type = 300 AND amount >= p_capture FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  v_cb := greatest(0, p_capture - (h.amount - h.bonus));
  v_pb := ledger_bonus_share(p_payout, p_capture, v_cb, h.amount, h.bonus);
  INSERT INTO ledger_transactions (type, book, user_id, hold_id, supersedes_id, idempotency_key, request_hash, ref, memo)
  VALUES (301, h.book, h.user_id, h.tx_id, h.closed_by, p_key, p_hash, coalesce(p_ref, h.reference), p_memo)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO ledger_transactions (type, book, user_id, reverses_id, ref)
  VALUES (303, h.book, h.user_id, h.closed_by, coalesce(p_ref, h.reference))
  RETURNING id INTO v_rev;
  WITH o AS (SELECT account_id, currency, amount FROM ledger_postings WHERE tx_id = h.closed_by),
  p AS (INSERT INTO ledger_postings (tx_id, account_id, currency, amount) SELECT v_rev, account_id, currency, -amount FROM o)
  INSERT INTO ledger_deltas (account_id, amount) SELECT account_id, -amount FROM o WHERE account_id NOT LIKE 'u%';
  PERFORM ledger_settlement_postings(v_id, h, (p_payout - v_pb) - (p_capture - v_cb), v_pb - v_cb, p_kinds, p_amounts);
  v_cash := ((p_payout - v_pb) - (p_capture - v_cb)) - ((h.paid - h.paid_bonus) - (h.posted - h.posted_bonus));
  v_bonus := (v_pb - v_cb) - (h.paid_bonus - h.posted_bonus);
  -- Cash row before bonus row, as everywhere.
  IF v_cash <> 0 THEN
    UPDATE ledger_accounts SET balance = balance + v_cash WHERE id = h.account_id;
    IF NOT FOUND THEN PERFORM ledger_no_funds(); END IF;
  END IF;
  IF v_bonus <> 0 THEN
    UPDATE ledger_accounts SET balance = balance + v_bonus WHERE id = 'u' || h.user_id || ':bonus:' || h.currency;
    IF NOT FOUND THEN PERFORM ledger_no_funds(); END IF;
  END IF;
  UPDATE ledger_holds SET closed_by = v_id, posted = p_capture, posted_bonus = v_cb, paid = p_payout, paid_bonus = v_pb
  WHERE tx_id = p_hold;
  INSERT INTO outbox_events (topic, payload) VALUES ('ledger.stakeSettled',
    jsonb_build_object('txId', v_id, 'holdId', h.tx_id, 'userId', h.user_id, 'book', h.book,
      'currency', h.currency, 'product', h.product, 'reference', h.reference,
      'cash', p_capture - v_cb, 'bonus', v_cb, 'payout', p_payout, 'payoutBonus', v_pb,
      'turnover', p_capture - h.posted, 'supersedes', h.closed_by));
  RETURN v_id;
END $$;
--> statement-breakpoint
-- Releases a whole hold back where each part came from. NULL when the hold is not open or the key was used.
CREATE FUNCTION ledger_void(p_hold bigint, p_key text, p_hash text, p_ref text, p_memo jsonb)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  h ledger_holds;
  v_id bigint;
BEGIN
  SELECT * INTO h FROM ledger_holds WHERE tx_id = p_hold AND state = 'held' FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO ledger_transactions (type, book, user_id, hold_id, idempotency_key, request_hash, ref, memo)
  VALUES (CASE h.type WHEN 300 THEN 302 ELSE 111 END, h.book, h.user_id, h.tx_id, p_key, p_hash,
    coalesce(p_ref, h.reference), p_memo)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN RETURN NULL; END IF;
  UPDATE ledger_holds SET state = 'voided', closed_by = v_id WHERE tx_id = p_hold;
  UPDATE ledger_accounts SET held = held - (h.amount - h.bonus) WHERE id = h.account_id AND h.amount > h.bonus;
  IF h.bonus > 0 THEN
    UPDATE ledger_accounts SET held = held - h.bonus WHERE id = 'u' || h.user_id || ':bonus:' || h.currency;
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint
-- Runs holds, settlements and resettlements of many callers in one transaction (one commit). Each operation
-- runs in its own subtransaction, so one refused operation (an overdraft) leaves the others intact.
-- Answers, in order, {"id": n|null} or {"error": sqlstate, "constraint": name, "column": name}.
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
        v := ledger_hold((op->>'type')::int, (op->>'user')::bigint, op->>'currency', (op->>'amount')::bigint,
          op->>'product', op->>'reference', op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
      ELSIF op->>'op' = 'settle' THEN
        v := ledger_settle((op->>'hold')::bigint, (op->>'capture')::bigint, (op->>'payout')::bigint,
          ARRAY(SELECT jsonb_array_elements_text(op->'kinds')),
          ARRAY(SELECT jsonb_array_elements_text(op->'amounts')::bigint),
          op->>'key', op->>'hash', op->>'ref', nullif(op->'memo', 'null'::jsonb));
      ELSE
        v := ledger_resettle((op->>'hold')::bigint, (op->>'capture')::bigint, (op->>'payout')::bigint,
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

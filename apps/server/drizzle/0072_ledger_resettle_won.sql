-- Hand-written. The reversal's memo (0071) also keeps `won`, what the undone settlement paid out of the house
-- (the hold's `paid`). One that paid nothing gave back only stake (a void, a push, a half-lost bet's other
-- half): the records call its line a refund, not a prize, after it is superseded as before (listEntries).
-- Otherwise unchanged from 0071.
CREATE OR REPLACE FUNCTION ledger_resettle(p_hold bigint, p_capture bigint, p_payout bigint, p_kinds text[],
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
  INSERT INTO ledger_transactions (type, book, user_id, reverses_id, ref, memo)
  VALUES (303, h.book, h.user_id, h.closed_by, coalesce(p_ref, h.reference),
    jsonb_build_object('returned', h.paid + h.amount - h.posted, 'won', h.paid))
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

ALTER TABLE "payment_sandbox_charges" ADD COLUMN "payer_cpf" text;--> statement-breakpoint
-- Hand-written below. ledger_void as in 0011, and for a stake it also writes the `ledger.stakeVoided` fact (same
-- statement, same transaction), so modules that count stakes (responsible gambling) give a voided one back.
CREATE OR REPLACE FUNCTION ledger_void(p_hold bigint, p_key text, p_hash text, p_ref text, p_memo jsonb)
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
  IF h.type = 300 THEN
    INSERT INTO outbox_events (topic, payload) VALUES ('ledger.stakeVoided',
      jsonb_build_object('txId', v_id, 'holdId', h.tx_id, 'userId', h.user_id, 'book', h.book,
        'currency', h.currency, 'product', h.product, 'reference', h.reference, 'amount', h.amount));
  END IF;
  RETURN v_id;
END $$;

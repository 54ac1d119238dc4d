-- A bet's multiplier is kept in ten-thousandths, and limbo pays up to 1,000,000×: 10,000,000,000, beyond an
-- integer (2,147,483,647, i.e. 214,748.3647×). A limbo win above that target could not be stored: the bet failed
-- after its outcome was drawn (originals.batch.test.ts). The column becomes a bigint (0056's row type and the fast
-- path already read it as one), and the bet-by-bet path (0023's body, renamed by 0048) casts to bigint.
ALTER TABLE "originals_bets" ALTER COLUMN "multiplier" SET DATA TYPE bigint;--> statement-breakpoint
CREATE OR REPLACE FUNCTION originals_bet_each(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b jsonb;
  answers jsonb := '[]'::jsonb;
  v_bet bigint;
  v_hold bigint;
  v_before bigint;
  v_after bigint;
  v_net bigint;
  e_state text;
  e_constraint text;
BEGIN
  FOR b IN SELECT value FROM jsonb_array_elements(p_bets) LOOP
    BEGIN
      IF EXISTS (SELECT 1 FROM originals_requests WHERE key = b->>'key') THEN
        answers := answers || jsonb_build_array(jsonb_build_object('replay', true));
        CONTINUE;
      END IF;
      UPDATE originals_seeds SET nonce = nonce + 1
      WHERE id = (b->>'seed')::bigint AND active AND nonce = (b->>'nonce')::int;
      IF NOT FOUND THEN
        answers := answers || jsonb_build_array(jsonb_build_object('stale', true));
        CONTINUE;
      END IF;
      -- Responsible gambling (0023): exclusion and stake, loss and time limits; a refusal rolls this bet back.
      PERFORM rg_stake((b->>'user')::bigint, (b->>'amount')::bigint);
      v_bet := nextval('originals_bets_id_seq');
      SELECT balance - held INTO v_before FROM ledger_accounts WHERE id = b->>'cash';
      v_hold := ledger_hold(300, (b->>'user')::bigint, b->>'currency', (b->>'amount')::bigint, 'originals',
        v_bet::text, NULL, NULL, NULL, NULL);
      -- No account at all: nothing to stake, refused as an overdraft.
      IF v_hold IS NULL THEN PERFORM ledger_no_funds(); END IF;
      -- The stake to the house, the payout (if any) from it: one posting of the difference.
      v_net := (b->>'amount')::bigint - (b->>'paid')::bigint;
      PERFORM ledger_settle(v_hold, (b->>'amount')::bigint, (b->>'paid')::bigint,
        CASE WHEN v_net = 0 THEN '{}'::text[] ELSE ARRAY[b->>'house'] END,
        CASE WHEN v_net = 0 THEN '{}'::bigint[] ELSE ARRAY[v_net] END, NULL, NULL, NULL, NULL);
      SELECT balance - held INTO v_after FROM ledger_accounts WHERE id = b->>'cash';
      INSERT INTO originals_bets (id, user_id, game, seed_id, nonce, params, currency, amount, hold_id, state,
        multiplier, payout, outcome, balance, created_at, updated_at)
      VALUES (v_bet, (b->>'user')::bigint, b->>'game', (b->>'seed')::bigint, (b->>'nonce')::int, b->'params',
        b->>'currency', (b->>'amount')::bigint, v_hold, b->>'state', (b->>'multiplier')::bigint,
        (b->>'paid')::bigint, b->'outcome', coalesce(v_after, 0), (b->>'time')::timestamptz,
        (b->>'time')::timestamptz);
      INSERT INTO originals_requests (key, request_hash, bet_id, answer, balance)
      VALUES (b->>'key', b->>'hash', v_bet, b->'answer' || jsonb_build_object('betId', v_bet::text),
        coalesce(v_after, 0));
      answers := answers || jsonb_build_array(jsonb_build_object('bet', v_bet::text, 'hold', v_hold,
        'cash_before', coalesce(v_before, 0), 'balance', coalesce(v_after, 0)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS e_state = RETURNED_SQLSTATE, e_constraint = CONSTRAINT_NAME;
      answers := answers || jsonb_build_array(jsonb_build_object('error', e_state, 'constraint', e_constraint));
    END;
  END LOOP;
  RETURN answers;
END $$;

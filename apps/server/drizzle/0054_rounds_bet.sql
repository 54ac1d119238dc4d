-- Hand-written. A shared round's bet in one statement, its own transaction: one round trip where the bet's
-- transaction took six (begin, the round, rg_stake, ledger_hold, the row, commit), each planned again.
-- The round is read FOR SHARE and checked open by the database's clock, so the clock's close (an UPDATE of that
-- row) waits for the bets already in and a bet after it sees the round closed. Then the responsible-gambling
-- check (rg_stake: counts the stake, or raises RG001), the hold (ledger_hold: a shortfall raises the funds
-- CHECK) and the bet's row (a repeated key or a second crash bet raises its unique index). Any of those errors
-- rolls back the whole statement. Answers the bet's row with the cash left, or {"refused": "unknown"} (no such
-- round of the game) or {"refused": "closed"}, both before anything is written.
CREATE FUNCTION rounds_bet(p_round bigint, p_game text, p_user bigint, p_currency text, p_amount bigint,
  p_pick text, p_auto integer, p_player text, p_key text, p_hash text, p_type integer, p_product text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_open boolean;
  v_id bigint;
  v_hold bigint;
  v_bet round_bets;
BEGIN
  SELECT phase = 'betting' AND now() < closes_at AND now() >= opens_at INTO v_open
    FROM rounds WHERE id = p_round AND game = p_game FOR SHARE;
  IF NOT FOUND THEN RETURN '{"refused": "unknown"}'::jsonb; END IF;
  IF NOT v_open THEN RETURN '{"refused": "closed"}'::jsonb; END IF;
  v_id := nextval('round_bets_id_seq');
  PERFORM rg_stake(p_user, p_amount);
  v_hold := ledger_hold(p_type, p_user, p_currency, p_amount, p_product, 'round-bet:' || v_id,
    NULL, NULL, NULL, NULL);
  -- No account to hold from: refused as a shortfall is (ledger_hold answers NULL rather than raise).
  IF v_hold IS NULL THEN
    RAISE EXCEPTION 'no funds to hold' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'ledger_accounts_player_funds';
  END IF;
  INSERT INTO round_bets (id, round_id, game, user_id, pick, auto_cashout, amount, hold_id, state, player, key,
    request_hash)
  VALUES (v_id, p_round, p_game, p_user, p_pick, p_auto, p_amount, v_hold, 'open', p_player, p_key, p_hash)
  RETURNING * INTO v_bet;
  RETURN to_jsonb(v_bet) || jsonb_build_object('cash_after',
    (SELECT cash_available FROM ledger_balances(p_user, p_currency)));
END $$;

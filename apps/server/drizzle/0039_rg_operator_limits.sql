ALTER TABLE "rg_limits" ADD COLUMN "operator_value" bigint;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD COLUMN "operator_by" text;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD COLUMN "operator_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rg_players" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below. The one check of every stake and deposit (0023) with operator-imposed limits: the limit in
-- force is the lower of the player's own (a due change applied) and the operator's (least() skips a NULL). The
-- batches (originals_bet_batch, casino_wallet_batch) and rg_stake_refusal call rg_stake, so they follow.
CREATE OR REPLACE FUNCTION rg_stake(p_user bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := rg_today();
  v_from date;
  v_used bigint;
  r record;
BEGIN
  PERFORM rg_refuse_if_excluded(p_user);
  INSERT INTO rg_usage AS u (user_id, day, staked) VALUES (p_user, v_day, p_amount)
  ON CONFLICT (user_id, day) DO UPDATE SET staked = u.staked + excluded.staked;
  FOR r IN
    SELECT l.kind, l.period,
      least(CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= now() THEN l.pending_value ELSE l.value END,
        l.operator_value) AS lim
    FROM rg_limits l WHERE l.user_id = p_user AND l.kind IN ('stake', 'loss', 'time')
  LOOP
    CONTINUE WHEN r.lim IS NULL;
    v_from := rg_period_start(r.period, v_day);
    IF r.kind = 'time' THEN
      v_used := rg_minutes_played(p_user, v_from);
      CONTINUE WHEN v_used < r.lim;
    ELSE
      SELECT coalesce(sum(CASE WHEN r.kind = 'stake' THEN u.staked ELSE u.staked - u.paid END), 0) INTO v_used
      FROM rg_usage u WHERE u.user_id = p_user AND u.day >= v_from;
      CONTINUE WHEN v_used <= r.lim;
    END IF;
    RAISE EXCEPTION 'responsible gambling: limit reached' USING ERRCODE = 'RG001',
      CONSTRAINT = format('rg:limit:%s:%s:%s', r.kind, r.period, r.lim);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rg_deposit(p_user bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := rg_today();
  v_used bigint;
  r record;
BEGIN
  PERFORM rg_refuse_if_excluded(p_user);
  FOR r IN
    SELECT l.period,
      least(CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= now() THEN l.pending_value ELSE l.value END,
        l.operator_value) AS lim
    FROM rg_limits l WHERE l.user_id = p_user AND l.kind = 'deposit'
  LOOP
    CONTINUE WHEN r.lim IS NULL;
    SELECT coalesce(sum(u.deposited), 0) + p_amount INTO v_used
    FROM rg_usage u WHERE u.user_id = p_user AND u.day >= rg_period_start(r.period, v_day);
    CONTINUE WHEN v_used <= r.lim;
    RAISE EXCEPTION 'responsible gambling: limit reached' USING ERRCODE = 'RG001',
      CONSTRAINT = format('rg:limit:deposit:%s:%s', r.period, r.lim);
  END LOOP;
END $$;

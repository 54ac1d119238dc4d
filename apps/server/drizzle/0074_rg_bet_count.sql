ALTER TABLE "rg_usage" ADD COLUMN "bets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below. The number of bets per day, week and month is a responsible-gambling limit of its own
-- (Portaria SPA/MF 1.231/2024): `rg_limits.kind = 'bets'`, its value a count. Every stake counts one bet where it
-- counts its amount (rg_stake, and the two fast paths that count stakes for players without rules); a void or a
-- refund gives the amount back but not the bet (it was placed). The check of every stake (0039) with the new kind:
CREATE OR REPLACE FUNCTION rg_stake(p_user bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := rg_today();
  v_from date;
  v_used bigint;
  r record;
BEGIN
  PERFORM rg_refuse_if_excluded(p_user);
  INSERT INTO rg_usage AS u (user_id, day, staked, bets) VALUES (p_user, v_day, p_amount, 1)
  ON CONFLICT (user_id, day) DO UPDATE SET staked = u.staked + excluded.staked, bets = u.bets + 1;
  FOR r IN
    SELECT l.kind, l.period,
      least(CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= now() THEN l.pending_value ELSE l.value END,
        l.operator_value) AS lim
    FROM rg_limits l WHERE l.user_id = p_user AND l.kind IN ('stake', 'loss', 'time', 'bets')
  LOOP
    CONTINUE WHEN r.lim IS NULL;
    v_from := rg_period_start(r.period, v_day);
    IF r.kind = 'time' THEN
      v_used := rg_minutes_played(p_user, v_from);
      CONTINUE WHEN v_used < r.lim;
    ELSE
      SELECT coalesce(sum(CASE r.kind WHEN 'stake' THEN u.staked WHEN 'bets' THEN u.bets ELSE u.staked - u.paid END), 0)
      INTO v_used
      FROM rg_usage u WHERE u.user_id = p_user AND u.day >= v_from;
      CONTINUE WHEN v_used <= r.lim;
    END IF;
    RAISE EXCEPTION 'responsible gambling: limit reached' USING ERRCODE = 'RG001',
      CONSTRAINT = format('rg:limit:%s:%s:%s', r.kind, r.period, r.lim);
  END LOOP;
END $$;
--> statement-breakpoint
-- A player with a bets limit leaves the fast paths for rg_stake, as one with a stake, loss or time limit does.
CREATE OR REPLACE FUNCTION rg_rules_apply(p_users bigint[]) RETURNS boolean LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = ANY (p_users)
      AND l.kind IN ('stake', 'loss', 'time', 'bets'))
    OR EXISTS (SELECT 1 FROM rg_exclusions x WHERE x.user_id = ANY (p_users)
      AND (x.ends_at IS NULL OR x.ends_at > now()));
END $$;
--> statement-breakpoint
-- The fast paths (originals 0056, casino 0057) count each bet beside its stake. Only that changes, so each is
-- rewritten from its own definition (as 0062 did) rather than copied whole; a missing anchor fails the migration.
DO $$
DECLARE
  f record;
  def text;
BEGIN
  FOR f IN SELECT * FROM (VALUES
    ('originals_bet_set(jsonb)', E'b.amount FROM unnest(v_rows) b ORDER BY b."user"'),
    ('casino_batch_set(jsonb)', E'(c->>''amount'')::bigint FROM jsonb_array_elements(v_calls) c\n  WHERE c->>''call'' = ''bet''')
  ) AS t (fn, selected)
  LOOP
    def := pg_get_functiondef(f.fn::regprocedure);
    IF position('INSERT INTO rg_usage AS u (user_id, day, staked)' IN def) = 0 OR position(f.selected IN def) = 0
      OR position('DO UPDATE SET staked = u.staked + excluded.staked;' IN def) = 0 THEN
      RAISE EXCEPTION '%: the count of stakes to extend was not found', f.fn;
    END IF;
    def := replace(def, 'INSERT INTO rg_usage AS u (user_id, day, staked)',
      'INSERT INTO rg_usage AS u (user_id, day, staked, bets)');
    def := replace(def, f.selected, replace(f.selected, ' FROM ', ', 1 FROM '));
    def := replace(def, 'DO UPDATE SET staked = u.staked + excluded.staked;',
      'DO UPDATE SET staked = u.staked + excluded.staked, bets = u.bets + 1;');
    EXECUTE def;
  END LOOP;
END $$;

CREATE TABLE "rg_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"value" bigint,
	"pending_value" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "rg_players" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reality_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_reality_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"minutes_played" integer NOT NULL,
	"net_result" bigint NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_usage" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "rg_exclusions_user" ON "rg_exclusions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "rg_reality_checks_user" ON "rg_reality_checks" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
CREATE INDEX "sessions_user_last_seen" ON "sessions" USING btree ("user_id","last_seen_at");
--> statement-breakpoint
-- Hand-written below. Responsible gambling's one check of every stake and deposit, in SQL so that it runs inside
-- the stake's own transaction (and inside originals_bet_batch, the hot path, with no extra round trip).
-- A refusal raises SQLSTATE RG001 with the reason in the error's CONSTRAINT field, which the caller turns into
-- the player's message (modules/rg `rgRefusal`):
--   rg:excluded:<ISO end | permanent>    a cool-off or self-exclusion in force
--   rg:limit:<kind>:<period>:<limit>     a stake, loss, time or deposit limit would be passed
-- Days are Brasília days (UTC-3, no daylight saving since 2019); weeks start on Monday.
CREATE FUNCTION rg_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT ((now() AT TIME ZONE 'UTC') - interval '3 hours')::date
$$;
--> statement-breakpoint
CREATE FUNCTION rg_period_start(p_period text, p_day date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period WHEN 'day' THEN p_day WHEN 'week' THEN date_trunc('week', p_day::timestamp)::date
    ELSE date_trunc('month', p_day::timestamp)::date END
$$;
--> statement-breakpoint
-- Minutes signed in since the start of a Brasília day: each session from sign-in (or the day's start) to its
-- last call (kept to the minute by the accounts module).
CREATE FUNCTION rg_minutes_played(p_user bigint, p_from date) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(extract(epoch FROM s.last_seen_at - greatest(s.created_at, t.at)))::bigint / 60, 0)
  FROM (SELECT (p_from::timestamp + interval '3 hours') AT TIME ZONE 'UTC' AS at) t
  JOIN sessions s ON s.user_id = p_user AND s.last_seen_at > t.at
$$;
--> statement-breakpoint
CREATE FUNCTION rg_refuse_if_excluded(p_user bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_end timestamptz;
BEGIN
  SELECT e.ends_at INTO v_end FROM rg_exclusions e
  WHERE e.user_id = p_user AND (e.ends_at IS NULL OR e.ends_at > now())
  ORDER BY e.ends_at DESC NULLS FIRST LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'responsible gambling: excluded' USING ERRCODE = 'RG001',
      CONSTRAINT = 'rg:excluded:' || coalesce(to_char(v_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'permanent');
  END IF;
END $$;
--> statement-breakpoint
-- Checks and counts a stake, inside the stake's transaction: refused when excluded, or when the stake would
-- take the stakes, or the loss (stakes - payouts, an open stake counting as lost), of a period past its limit,
-- or when the period's playing time is used up. The stake is counted first, so a refusal (which rolls the
-- caller's transaction or subtransaction back) leaves no count.
CREATE FUNCTION rg_stake(p_user bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
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
      CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= now() THEN l.pending_value ELSE l.value END AS lim
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
-- The same check answering instead of raising (for callers that answer a refusal in their own format, such as
-- a game provider's wallet call): the refusal's reason, or NULL when the stake is allowed (and counted). The
-- caller's transaction stays usable either way (the check runs in its own subtransaction).
CREATE FUNCTION rg_stake_refusal(p_user bigint, p_amount bigint) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_reason text;
BEGIN
  PERFORM rg_stake(p_user, p_amount);
  RETURN NULL;
EXCEPTION WHEN SQLSTATE 'RG001' THEN
  GET STACKED DIAGNOSTICS v_reason = CONSTRAINT_NAME;
  RETURN v_reason;
END $$;
--> statement-breakpoint
-- Checks a deposit about to be asked for (counted when credited, from the payments' outbox fact).
CREATE FUNCTION rg_deposit(p_user bigint, p_amount bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := rg_today();
  v_used bigint;
  r record;
BEGIN
  PERFORM rg_refuse_if_excluded(p_user);
  FOR r IN
    SELECT l.period,
      CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= now() THEN l.pending_value ELSE l.value END AS lim
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
--> statement-breakpoint
-- The instant originals' batch (0017) with the responsible-gambling check of each bet, in the bet's own
-- subtransaction: a refused bet moves nothing and answers {"error": "RG001", "constraint": "rg:…"}.
CREATE OR REPLACE FUNCTION originals_bet_batch(p_bets jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
        b->>'currency', (b->>'amount')::bigint, v_hold, b->>'state', (b->>'multiplier')::int,
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

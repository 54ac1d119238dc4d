-- rg_rules_apply was a LANGUAGE sql function that the fast paths call once per batch: PostgreSQL planned its
-- statement on every call (planning took 8 times its run, pg_stat_statements). In PL/pgSQL with a generic plan it
-- is planned once per connection. Same answer.
CREATE OR REPLACE FUNCTION rg_rules_apply(p_users bigint[]) RETURNS boolean LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = ANY (p_users) AND l.kind IN ('stake', 'loss', 'time'))
    OR EXISTS (SELECT 1 FROM rg_exclusions x WHERE x.user_id = ANY (p_users)
      AND (x.ends_at IS NULL OR x.ends_at > now()));
END $$;

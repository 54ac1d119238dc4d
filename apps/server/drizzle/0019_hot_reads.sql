-- Hand-written. The figures of every signed-in read (getBalance, userInfo, the socket, withdrawable) as
-- functions: PostgreSQL planned the one-row query anew for every request (about ten times the time it ran),
-- while a plpgsql function keeps its plan per connection. STABLE: inside a larger statement they read that
-- statement's snapshot, as the subqueries they replace did. Owned by the ledger (balances) and the wagering
-- module (totals); `balancesQuery` and `totalsQuery` call them.

-- A player's spendable cash and bonus in one currency and the book of the cash account (ledger).
CREATE FUNCTION ledger_balances(p_user bigint, p_currency text)
RETURNS TABLE (cash_available numeric, bonus_available numeric, cash_book text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_cash text := 'u' || p_user || ':cash:' || p_currency;
  v_bonus text := 'u' || p_user || ':bonus:' || p_currency;
BEGIN
  RETURN QUERY
  SELECT coalesce(sum(a.balance - a.held) FILTER (WHERE a.id = v_cash), 0),
    coalesce(sum(a.balance - a.held) FILTER (WHERE a.id = v_bonus), 0),
    min(a.book) FILTER (WHERE a.id = v_cash)
  FROM ledger_accounts a WHERE a.id IN (v_cash, v_bonus);
END $$;
--> statement-breakpoint
-- A player's totals and cash wagering requirement still due in one currency (wagering).
CREATE FUNCTION wagering_figures(p_user bigint, p_currency text)
RETURNS TABLE (deposited bigint, withdrawn bigint, wagered bigint, cash_due numeric)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT coalesce(t.deposited, 0)::bigint, coalesce(t.withdrawn, 0)::bigint, coalesce(t.wagered, 0)::bigint,
    (SELECT coalesce(sum(r.remaining), 0) FROM wagering_requirements r
     WHERE r.user_id = p_user AND r.currency = p_currency AND r.kind = 'cash' AND r.remaining > 0)
  FROM (SELECT 1) one
  LEFT JOIN wagering_totals t ON t.user_id = p_user AND t.currency = p_currency;
END $$;

-- Hand-written. A casino bet's row is updated when its win comes (state 'settled'), a hold's row when it is
-- settled (state, closed_by, posted, paid): unindexed columns, so the new row version can stay on its page and
-- no index gets an entry (a HOT update) — if the page has room. With every page filled by the inserts after it
-- (fillfactor 100), each such update moved the row to another page and wrote an entry into every index of the
-- table. Room is now left on each page for those updates, as 0055 did for round_bets.
ALTER TABLE "casino_transactions" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "ledger_holds" SET (fillfactor = 80);

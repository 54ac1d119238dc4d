-- A round's bets are updated twice when it settles (claimed, then their outcome), 5,000 rows at a time. With
-- state out of the index and half of each page left free for new bets, both updates are HOT: the new row
-- version stays on its page and no index gets an entry (rows already written keep their pages as they are).
DROP INDEX "round_bets_round";--> statement-breakpoint
CREATE INDEX "round_bets_round" ON "round_bets" USING btree ("round_id");--> statement-breakpoint
ALTER TABLE "round_bets" SET (fillfactor = 50);

-- The hourly sweep of idle demo sessions (studio.dropIdleDemos): the oldest demos a batch at a time without reading
-- the real sessions, and a swept demo's seed pairs by player (revealed ones too; studio_seeds_active holds only the
-- active pair).
CREATE INDEX "studio_seeds_player" ON "studio_seeds" USING btree ("player");--> statement-breakpoint
CREATE INDEX "studio_sessions_demo_created" ON "studio_sessions" USING btree ("created_at") WHERE "studio_sessions"."demo";
DROP INDEX "studio_rounds_placed";--> statement-breakpoint
CREATE INDEX "studio_rounds_unsettled" ON "studio_rounds" USING btree ("player") WHERE "studio_rounds"."state" in ('open', 'placed');
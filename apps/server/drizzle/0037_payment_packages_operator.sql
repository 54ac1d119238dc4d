ALTER TABLE "payment_packages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_packages_one_selected" ON "payment_packages" USING btree ("curreny") WHERE "payment_packages"."selected";--> statement-breakpoint
ALTER TABLE "payment_packages" ADD CONSTRAINT "payment_packages_price_positive" CHECK ("payment_packages"."price" > 0);--> statement-breakpoint
ALTER TABLE "payment_packages" ADD CONSTRAINT "payment_packages_gift_nonnegative" CHECK ("payment_packages"."gift" >= 0);
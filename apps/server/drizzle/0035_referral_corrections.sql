ALTER TABLE "promo_referral_days" ALTER COLUMN "tx_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_referral_days" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_referral_totals" ADD COLUMN "owed" bigint DEFAULT 0 NOT NULL;
ALTER TABLE "promo_referral_days" ADD COLUMN "forfeited1" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_referral_days" ADD COLUMN "forfeited2" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_referral_days" ADD COLUMN "forfeited3" bigint DEFAULT 0 NOT NULL;
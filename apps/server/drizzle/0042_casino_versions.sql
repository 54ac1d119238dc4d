ALTER TABLE "casino_games" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_providers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
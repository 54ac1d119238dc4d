-- Custom SQL migration file, put your code below! --
-- Sign-in failures are counted per username AND source (the client's IP), so a stranger's failures never
-- hold the owner back. Hand-written: drizzle-kit cannot name the old primary key (PostgreSQL and PGlite call
-- it login_throttle_pkey) and would add the new key before the column it needs.
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey";--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_username_source_pk" PRIMARY KEY("username","source");

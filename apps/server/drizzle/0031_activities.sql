CREATE TABLE "promo_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reward_type" text NOT NULL,
	"reward_value" bigint NOT NULL,
	"reward_cap" bigint,
	"target" bigint DEFAULT 0 NOT NULL,
	"wagering_multiple" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_activities_kind" CHECK ("promo_activities"."kind" in ('firstDeposit', 'deposit', 'turnover')),
	CONSTRAINT "promo_activities_status" CHECK ("promo_activities"."status" in ('draft', 'live', 'ended')),
	CONSTRAINT "promo_activities_reward" CHECK ("promo_activities"."reward_type" in ('amount', 'percent') and "promo_activities"."reward_value" > 0),
	CONSTRAINT "promo_activities_period" CHECK ("promo_activities"."ends_at" > "promo_activities"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "promo_activity_claims" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"tx_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_activity_claims_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promo_activity_joins" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_activity_joins_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "promo_activities_live" ON "promo_activities" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "promo_activity_claims_user" ON "promo_activity_claims" USING btree ("user_id");
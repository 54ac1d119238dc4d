CREATE TABLE "vip_awards" (
	"user_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint NOT NULL,
	"tx_id" bigint,
	"clawed_tx_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_awards_user_id_level_pk" PRIMARY KEY("user_id","level")
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"tx_id" bigint NOT NULL,
	"requirement" text,
	"amount" bigint NOT NULL,
	"required" bigint NOT NULL,
	"max_conversion" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_tx_id" bigint,
	"converted" bigint DEFAULT 0 NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "bonus_grants_txId_unique" UNIQUE("tx_id"),
	CONSTRAINT "bonus_grants_status" CHECK ("bonus_grants"."status" in ('active', 'converted', 'forfeited', 'cancelled')),
	CONSTRAINT "bonus_grants_amounts" CHECK ("bonus_grants"."amount" > 0 and "bonus_grants"."required" >= 0 and "bonus_grants"."converted" >= 0 and "bonus_grants"."forfeited" >= 0)
);
--> statement-breakpoint
CREATE INDEX "bonus_grants_user" ON "bonus_grants" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bonus_grants_expiry" ON "bonus_grants" USING btree ("expires_at") WHERE "bonus_grants"."status" = 'active';
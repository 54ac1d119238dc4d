CREATE TABLE "adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_id" integer,
	"proposed_by" text NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"reject_reason" text,
	"tx_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "adjustments_amount" CHECK ("adjustments"."amount" <> 0),
	CONSTRAINT "adjustments_status" CHECK ("adjustments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "adjustments_approved_tx" CHECK (("adjustments"."status" = 'approved') = ("adjustments"."tx_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "reports_audit_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"ran_by" text NOT NULL,
	"checks" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "adjustments_status" ON "adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "adjustments_user" ON "adjustments" USING btree ("user_id","id");
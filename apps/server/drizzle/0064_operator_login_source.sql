-- Operator sign-in failures count per e-mail and source (the client's address), as players' do: a stranger's
-- failures lock the stranger out, not the operator. Rows kept so far had no source: '' (they expire anyway).
ALTER TABLE "operator_login_throttle" DROP CONSTRAINT "operator_login_throttle_pkey";--> statement-breakpoint
ALTER TABLE "operator_login_throttle" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_login_throttle" ADD CONSTRAINT "operator_login_throttle_email_source_pk" PRIMARY KEY("email","source");

ALTER TABLE "payment_sandbox_charges" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_sandbox_charges" ADD COLUMN "refund_key" text;
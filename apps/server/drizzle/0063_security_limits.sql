-- Password resets count wrong codes per e-mail over a day, across resends; support images record who uploaded
-- them (the customer side's count in its flood and daily limits), and messages are found by their image (the
-- sweep of images never sent). Images sent by operators before this are marked as theirs.
ALTER TABLE "password_resets" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "failures_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "uploader" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
CREATE INDEX "support_messages_attachment" ON "support_messages" USING btree ("attachment_id") WHERE "support_messages"."attachment_id" is not null;--> statement-breakpoint
UPDATE "support_attachments" a SET "uploader" = 'operator'
FROM "support_messages" m WHERE m."attachment_id" = a."id" AND m."sender" = 'operator';

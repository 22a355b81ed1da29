ALTER TABLE "bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkout_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
CREATE INDEX "bookings_address_pending_idx" ON "bookings" USING btree ("client_address") WHERE "bookings"."status" = 'pending';
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'refunded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'completed';--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'no_show';--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"amount_cents" integer NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_cents" integer;--> statement-breakpoint
-- What each booking was charged: its paid checkout's amount, else the price its service has now.
UPDATE "bookings" SET "price_cents" = coalesce(
  (SELECT max("payments"."amount_cents") FROM "payments" WHERE "payments"."booking_id" = "bookings"."id" AND "payments"."status" = 'paid'),
  (SELECT "services"."price_cents" FROM "services" WHERE "services"."id" = "bookings"."service_id")
);--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_live_booking_key" ON "refunds" USING btree ("booking_id") WHERE "refunds"."status" in ('pending', 'refunded');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "bookings_reminder_due_idx" ON "bookings" USING btree ("occupied_from") WHERE "bookings"."status" = 'confirm' and "bookings"."reminder_sent_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" > 0);
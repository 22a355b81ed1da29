CREATE TYPE "public"."booking_fee_kind" AS ENUM('no_show', 'late_cancel');--> statement-breakpoint
CREATE TYPE "public"."booking_fee_status" AS ENUM('due', 'charged', 'awaiting_customer', 'declined', 'waived');--> statement-breakpoint
CREATE TABLE "booking_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "booking_fee_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "booking_fee_status" DEFAULT 'due' NOT NULL,
	"payment_ref" text,
	"waived_by" uuid,
	"waive_reason" text,
	"waived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_fees_amount_check" CHECK ("booking_fees"."amount_cents" > 0),
	CONSTRAINT "booking_fees_waived_check" CHECK (("booking_fees"."status" = 'waived') = ("booking_fees"."waive_reason" is not null)),
	CONSTRAINT "booking_fees_reason_check" CHECK (char_length("booking_fees"."waive_reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "booking_fees" ADD CONSTRAINT "booking_fees_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_fees" ADD CONSTRAINT "booking_fees_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_fees_booking_kind_key" ON "booking_fees" USING btree ("booking_id","kind");
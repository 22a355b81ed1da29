CREATE TYPE "public"."message_channel" AS ENUM('text', 'email');--> statement-breakpoint
CREATE TYPE "public"."message_kind" AS ENUM('confirmation', 'reminder', 'moved', 'cancelled', 'ready', 'waitlist_offer', 'review_request');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."text_keyword" AS ENUM('stop', 'start', 'help');--> statement-breakpoint
CREATE TYPE "public"."waitlist_offer_status" AS ENUM('open', 'taken', 'lapsed', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'booked', 'left', 'expired');--> statement-breakpoint
CREATE TABLE "booking_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "message_kind" NOT NULL,
	"occasion" text DEFAULT '' NOT NULL,
	"channel" "message_channel" NOT NULL,
	"status" "message_status" DEFAULT 'queued' NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_messages_body_check" CHECK (char_length("booking_messages"."body") <= 1600)
);
--> statement-breakpoint
CREATE TABLE "text_keyword_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"keyword" text_keyword NOT NULL,
	"provider_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"vehicle_class_id" uuid,
	"add_on_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" "waitlist_offer_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_windows" (
	"entry_id" uuid NOT NULL,
	"day" date NOT NULL,
	"from_minute" smallint NOT NULL,
	"to_minute" smallint NOT NULL,
	CONSTRAINT "waitlist_windows_entry_id_day_from_minute_pk" PRIMARY KEY("entry_id","day","from_minute"),
	CONSTRAINT "waitlist_windows_span_check" CHECK (0 <= "waitlist_windows"."from_minute" and "waitlist_windows"."from_minute" < "waitlist_windows"."to_minute" and "waitlist_windows"."to_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "texts_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_requests_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_vehicle_class_id_vehicle_classes_id_fk" FOREIGN KEY ("vehicle_class_id") REFERENCES "public"."vehicle_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_windows" ADD CONSTRAINT "waitlist_windows_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_messages_once_key" ON "booking_messages" USING btree ("booking_id","kind","occasion","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_messages_provider_key" ON "booking_messages" USING btree ("provider_id") WHERE "booking_messages"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_messages_due_idx" ON "booking_messages" USING btree ("send_after") WHERE "booking_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "text_keyword_events_provider_key" ON "text_keyword_events" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "text_keyword_events_phone_idx" ON "text_keyword_events" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "waitlist_entries_service_idx" ON "waitlist_entries" USING btree ("service_id","created_at") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_customer_idx" ON "waitlist_entries" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_booking_key" ON "waitlist_offers" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_key" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_time_key" ON "waitlist_offers" USING btree ("entry_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_expiry_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_windows_day_idx" ON "waitlist_windows" USING btree ("day");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id") WHERE "reviews"."booking_id" is not null;
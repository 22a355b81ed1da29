CREATE TYPE "public"."membership_payment_kind" AS ENUM('subscription', 'pack', 'refund');--> statement-breakpoint
CREATE TYPE "public"."membership_status" AS ENUM('pending', 'active', 'past_due', 'suspended', 'paused', 'ended');--> statement-breakpoint
CREATE TYPE "public"."plan_interval" AS ENUM('month', 'year');--> statement-breakpoint
CREATE TYPE "public"."plan_kind" AS ENUM('membership', 'pack');--> statement-breakpoint
CREATE TABLE "membership_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "membership_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"kind" "membership_payment_kind" NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text,
	"provider_reference" text,
	"period_start" timestamp with time zone,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_payments_amount_check" CHECK ("membership_payments"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "membership_vehicles" (
	"membership_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_vehicles_membership_id_vehicle_id_pk" PRIMARY KEY("membership_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" "membership_status" DEFAULT 'pending' NOT NULL,
	"provider" text,
	"subscription_ref" text,
	"checkout_session_id" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"failed_payments" integer DEFAULT 0 NOT NULL,
	"comped" boolean DEFAULT false NOT NULL,
	"provider_version" bigint DEFAULT 0 NOT NULL,
	"vehicle_changed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_failed_payments_check" CHECK ("memberships"."failed_payments" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_add_ons" (
	"plan_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	CONSTRAINT "plan_add_ons_plan_id_add_on_id_pk" PRIMARY KEY("plan_id","add_on_id")
);
--> statement-breakpoint
CREATE TABLE "plan_services" (
	"plan_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "plan_services_plan_id_service_id_pk" PRIMARY KEY("plan_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "plan_kind" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"interval" "plan_interval",
	"washes" integer,
	"washes_per_day" integer DEFAULT 1 NOT NULL,
	"vehicles" integer DEFAULT 1 NOT NULL,
	"valid_days" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" > 0),
	CONSTRAINT "plans_kind_check" CHECK (("plans"."kind" = 'membership' and "plans"."interval" is not null and "plans"."valid_days" is null)
        or ("plans"."kind" = 'pack' and "plans"."interval" is null and "plans"."washes" is not null and "plans"."valid_days" is not null)),
	CONSTRAINT "plans_washes_check" CHECK ("plans"."washes" is null or "plans"."washes" between 1 and 100),
	CONSTRAINT "plans_washes_per_day_check" CHECK ("plans"."washes_per_day" between 1 and 5),
	CONSTRAINT "plans_vehicles_check" CHECK ("plans"."vehicles" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"period_start" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"membership_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval" "plan_interval" NOT NULL,
	"card" text NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_lines" DROP CONSTRAINT "booking_lines_price_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_price_check";--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_vehicles" ADD CONSTRAINT "membership_vehicles_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_vehicles" ADD CONSTRAINT "membership_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_add_ons" ADD CONSTRAINT "plan_add_ons_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_add_ons" ADD CONSTRAINT "plan_add_ons_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_services" ADD CONSTRAINT "plan_services_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_services" ADD CONSTRAINT "plan_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD CONSTRAINT "sandbox_subscriptions_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_payments_membership_idx" ON "membership_payments" USING btree ("membership_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_payments_created_at_idx" ON "membership_payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_reference_key" ON "membership_payments" USING btree ("provider","provider_reference") WHERE "membership_payments"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "membership_vehicles_vehicle_idx" ON "membership_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "memberships_customer_idx" ON "memberships" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription_key" ON "memberships" USING btree ("provider","subscription_ref") WHERE "memberships"."subscription_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_checkout_key" ON "memberships" USING btree ("provider","checkout_session_id") WHERE "memberships"."checkout_session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_key" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_booking_key" ON "redemptions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "redemptions_membership_idx" ON "redemptions" USING btree ("membership_id","period_start");--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_price_check" CHECK ("booking_lines"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" >= 0);--> statement-breakpoint
-- include functions/redemption_within_caps.sql 08f98afdb938441bf9f635ab9b29b711e12de5d83ea84fd6c8e63cfb8699900a
--> statement-breakpoint
CREATE TRIGGER "redemptions_within_caps" BEFORE INSERT ON "redemptions"
  FOR EACH ROW EXECUTE FUNCTION "redemption_within_caps"();--> statement-breakpoint
CREATE TRIGGER "membership_payments_kept" BEFORE UPDATE OR DELETE ON "membership_payments"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_are_kept"();--> statement-breakpoint
-- include functions/booking_returns_wash.sql 548196496da87d552827ddb7c92ad535bb37615d32725edd198fd9e9deab7eb3
--> statement-breakpoint
CREATE TRIGGER "bookings_return_wash" AFTER UPDATE OF "status" ON "bookings"
  FOR EACH ROW WHEN (NEW."status" = 'cancel' AND OLD."status" <> 'cancel')
  EXECUTE FUNCTION "booking_returns_wash"();--> statement-breakpoint
-- include functions/booking_free_is_covered.sql 7a697c4977483fd6ecdcbf6aff54bb1b9afc42b227d3811c317cfa4358352e64
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_free_is_covered" AFTER INSERT OR UPDATE OF "price_cents" ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "booking_free_is_covered"();--> statement-breakpoint
INSERT INTO "sandbox_clock" ("id", "offset_seconds") VALUES (1, 0);

CREATE TYPE "public"."slot_origin" AS ENUM('generated', 'manual');--> statement-breakpoint
CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_order_check" CHECK ("closures"."start_date" <= "closures"."end_date")
);
--> statement-breakpoint
CREATE TABLE "setting_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"setting" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"business_name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"cancellation_cutoff_hours" integer NOT NULL,
	"payment_hold_minutes" integer NOT NULL,
	"reminder_hours_before" integer NOT NULL,
	"booking_horizon_days" integer NOT NULL,
	"minimum_notice_minutes" integer NOT NULL,
	"slot_step_minutes" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row_check" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_currency_check" CHECK ("shop_settings"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "shop_settings_horizon_check" CHECK ("shop_settings"."booking_horizon_days" between 1 and 365),
	CONSTRAINT "shop_settings_notice_check" CHECK ("shop_settings"."minimum_notice_minutes" between 0 and 10080),
	CONSTRAINT "shop_settings_step_check" CHECK ("shop_settings"."slot_step_minutes" between 5 and 240 and 1440 % "shop_settings"."slot_step_minutes" = 0),
	CONSTRAINT "shop_settings_cutoff_check" CHECK ("shop_settings"."cancellation_cutoff_hours" between 0 and 720),
	CONSTRAINT "shop_settings_hold_check" CHECK ("shop_settings"."payment_hold_minutes" between 5 and 1440),
	CONSTRAINT "shop_settings_reminder_check" CHECK ("shop_settings"."reminder_hours_before" between 1 and 336)
);
--> statement-breakpoint
CREATE TABLE "slot_days" (
	"service_id" uuid NOT NULL,
	"date" date NOT NULL,
	"shape" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_days_service_id_date_pk" PRIMARY KEY("service_id","date")
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "origin" "slot_origin" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_changes" ADD CONSTRAINT "setting_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_days" ADD CONSTRAINT "slot_days_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_end_date_idx" ON "closures" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "setting_changes_changed_at_idx" ON "setting_changes" USING btree ("changed_at","id");--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_withdrawn_generated_check" CHECK (not "slots"."withdrawn" or "slots"."origin" = 'generated');
CREATE TYPE "public"."service_payment_mode" AS ENUM('full', 'deposit', 'card');--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"cancellation_cutoff_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "policy_version" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "payment_mode" "service_payment_mode" DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "payment_policy" jsonb DEFAULT '{"deposit":{"kind":"percent","amount":20,"minimum":10},"noShowFee":{"kind":"none","amount":0},"lateCancellation":{"kind":"refuse","fee":{"kind":"none","amount":0}}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "policy_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_policy_version_policy_versions_version_fk" FOREIGN KEY ("policy_version") REFERENCES "public"."policy_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The terms a shop already set up has: version 1, its cut-off and the default policy.
INSERT INTO "policy_versions" ("version", "policy", "cancellation_cutoff_hours")
SELECT "policy_version", "payment_policy", "cancellation_cutoff_hours" FROM "shop_settings";

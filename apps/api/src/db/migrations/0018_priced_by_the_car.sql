CREATE TYPE "public"."booking_line_kind" AS ENUM('service', 'addOn');--> statement-breakpoint
CREATE TABLE "add_on_class_prices" (
	"add_on_id" uuid NOT NULL,
	"vehicle_class_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"extra_minutes" integer NOT NULL,
	CONSTRAINT "add_on_class_prices_add_on_id_vehicle_class_id_pk" PRIMARY KEY("add_on_id","vehicle_class_id"),
	CONSTRAINT "add_on_class_prices_price_check" CHECK ("add_on_class_prices"."price_cents" > 0),
	CONSTRAINT "add_on_class_prices_minutes_check" CHECK ("add_on_class_prices"."extra_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "add_on_services" (
	"add_on_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "add_on_services_add_on_id_service_id_pk" PRIMARY KEY("add_on_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"extra_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_ons_price_check" CHECK ("add_ons"."price_cents" > 0),
	CONSTRAINT "add_ons_minutes_check" CHECK ("add_ons"."extra_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "booking_line_kind" NOT NULL,
	"add_on_id" uuid,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "booking_lines_price_check" CHECK ("booking_lines"."price_cents" > 0),
	CONSTRAINT "booking_lines_minutes_check" CHECK ("booking_lines"."minutes" > 0),
	CONSTRAINT "booking_lines_kind_check" CHECK (("booking_lines"."kind" = 'service' and "booking_lines"."add_on_id" is null and "booking_lines"."position" = 0) or ("booking_lines"."kind" = 'addOn' and "booking_lines"."add_on_id" is not null and "booking_lines"."position" > 0))
);
--> statement-breakpoint
CREATE TABLE "service_class_prices" (
	"service_id" uuid NOT NULL,
	"vehicle_class_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	CONSTRAINT "service_class_prices_service_id_vehicle_class_id_pk" PRIMARY KEY("service_id","vehicle_class_id"),
	CONSTRAINT "service_class_prices_price_check" CHECK ("service_class_prices"."price_cents" > 0),
	CONSTRAINT "service_class_prices_duration_check" CHECK ("service_class_prices"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_classes_default_live_check" CHECK (not "vehicle_classes"."is_default" or "vehicle_classes"."active")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"vehicle_class_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" smallint,
	"colour" text DEFAULT '' NOT NULL,
	"plate" text,
	"plate_region" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_plate_check" CHECK ("vehicles"."plate" is null or "vehicles"."plate" ~ '^[A-Z0-9]{1,10}$'),
	CONSTRAINT "vehicles_year_check" CHECK ("vehicles"."year" is null or "vehicles"."year" between 1900 and 2100)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_class_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_class_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_plate" text;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "open_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "add_on_class_prices" ADD CONSTRAINT "add_on_class_prices_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_class_prices" ADD CONSTRAINT "add_on_class_prices_vehicle_class_id_vehicle_classes_id_fk" FOREIGN KEY ("vehicle_class_id") REFERENCES "public"."vehicle_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_services" ADD CONSTRAINT "add_on_services_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_services" ADD CONSTRAINT "add_on_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_class_prices" ADD CONSTRAINT "service_class_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_class_prices" ADD CONSTRAINT "service_class_prices_vehicle_class_id_vehicle_classes_id_fk" FOREIGN KEY ("vehicle_class_id") REFERENCES "public"."vehicle_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_vehicle_class_id_vehicle_classes_id_fk" FOREIGN KEY ("vehicle_class_id") REFERENCES "public"."vehicle_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_on_services_service_idx" ON "add_on_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "add_ons_live_name_key" ON "add_ons" USING btree (lower("name")) WHERE "add_ons"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "booking_lines_position_key" ON "booking_lines" USING btree ("booking_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_lines_add_on_key" ON "booking_lines" USING btree ("booking_id","add_on_id") WHERE "booking_lines"."add_on_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_lines_add_on_idx" ON "booking_lines" USING btree ("add_on_id") WHERE "booking_lines"."add_on_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_classes_live_name_key" ON "vehicle_classes" USING btree (lower("name")) WHERE "vehicle_classes"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_classes_default_key" ON "vehicle_classes" USING btree ("is_default") WHERE "vehicle_classes"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_id_customer_key" ON "vehicles" USING btree ("id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_live_plate_key" ON "vehicles" USING btree ("customer_id","plate") WHERE "vehicles"."archived_at" is null and "vehicles"."plate" is not null;--> statement-breakpoint
CREATE INDEX "vehicles_customer_idx" ON "vehicles" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_class_id_vehicle_classes_id_fk" FOREIGN KEY ("vehicle_class_id") REFERENCES "public"."vehicle_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_customer_fk" FOREIGN KEY ("vehicle_id","customer_id") REFERENCES "public"."vehicles"("id","customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_vehicle_plate_idx" ON "bookings" USING btree ("vehicle_plate") WHERE "bookings"."vehicle_plate" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_class_check" CHECK (("bookings"."vehicle_class_id" is null) = ("bookings"."vehicle_class_name" is null) and ("bookings"."vehicle_id" is null or "bookings"."vehicle_class_id" is not null));--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_open_until_check" CHECK ("slots"."open_until" is null or "slots"."open_until" >= "slots"."ends_at");--> statement-breakpoint
-- Every booking made before has one line: its service, at the price it was booked for, for its slot's length.
INSERT INTO "booking_lines" ("booking_id", "position", "kind", "name", "price_cents", "minutes")
SELECT b."id", 0, 'service', s."name", b."price_cents",
  greatest(1, round(extract(epoch FROM (sl."ends_at" - sl."starts_at")) / 60))::integer
FROM "bookings" b
  JOIN "services" s ON s."id" = b."service_id"
  JOIN "slots" sl ON sl."id" = b."slot_id";--> statement-breakpoint
-- include functions/booking_total_matches.sql afa7a948cac6613b2013df9344f163888a151f2e4bd99703040b923df61a4f37
--> statement-breakpoint
-- include functions/booking_line_bookable.sql 41518e7a14004cf8ff4aa3e93bdb3374f33ee75791d3d0d6fd21332197e5745e
--> statement-breakpoint
-- include functions/booking_vehicle_live.sql 94d23269409c026a6c423f534d88537b0929242e5db8ca3bf6781ddf31a65d35
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_total" AFTER INSERT OR UPDATE OF "price_cents" ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "booking_total_matches"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_lines_total" AFTER INSERT OR UPDATE OR DELETE ON "booking_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "booking_total_matches"();--> statement-breakpoint
CREATE TRIGGER "booking_lines_bookable" BEFORE INSERT ON "booking_lines"
  FOR EACH ROW EXECUTE FUNCTION "booking_line_bookable"();--> statement-breakpoint
CREATE TRIGGER "bookings_vehicle_live" BEFORE INSERT OR UPDATE OF "vehicle_id" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "booking_vehicle_live"();

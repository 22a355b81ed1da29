CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "bays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bays_name_key" ON "bays" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "bay_services" (
	"bay_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "bay_services_bay_id_service_id_pk" PRIMARY KEY("bay_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "service_bays" (
	"service_id" uuid NOT NULL,
	"bay_id" uuid NOT NULL,
	CONSTRAINT "service_bays_service_id_bay_id_pk" PRIMARY KEY("service_id","bay_id")
);
--> statement-breakpoint
ALTER TABLE "bay_services" ADD CONSTRAINT "bay_services_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bay_services" ADD CONSTRAINT "bay_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bays" ADD CONSTRAINT "service_bays_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bays" ADD CONSTRAINT "service_bays_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bay_services_service_idx" ON "bay_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_bays_bay_idx" ON "service_bays" USING btree ("bay_id");--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffer_check" CHECK ("services"."buffer_minutes" >= 0);--> statement-breakpoint
-- Every shop starts with one bay: one live booking at a time, as before bays existed.
INSERT INTO "bays" ("name", "sort_order") VALUES ('Bay 1', 1);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "bay_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "occupied_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "occupied_until" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET
  "occupied_from" = "slots"."starts_at",
  "occupied_until" = greatest("slots"."ends_at", "slots"."starts_at" + make_interval(mins => "services"."duration_minutes")),
  "bay_id" = CASE WHEN "bookings"."status" IN ('pending', 'confirm') THEN NULL ELSE (SELECT "id" FROM "bays" LIMIT 1) END
FROM "slots", "services"
WHERE "slots"."id" = "bookings"."slot_id" AND "services"."id" = "bookings"."service_id";--> statement-breakpoint
-- Live bookings of different services at one time (possible before bays) each get a bay of their own:
-- the first bay free over their time, or a new one, so that no booking is lost to the constraint below.
DO $$
DECLARE
  live record;
  chosen uuid;
BEGIN
  FOR live IN
    SELECT "id", "occupied_from", "occupied_until" FROM "bookings"
    WHERE "bay_id" IS NULL ORDER BY "occupied_from", "created_at", "id"
  LOOP
    chosen := NULL;
    SELECT "bays"."id" INTO chosen FROM "bays"
    WHERE NOT EXISTS (
      SELECT 1 FROM "bookings" AS "other"
      WHERE "other"."bay_id" = "bays"."id" AND "other"."status" IN ('pending', 'confirm')
        AND "other"."occupied_from" < live."occupied_until" AND live."occupied_from" < "other"."occupied_until"
    )
    ORDER BY "bays"."sort_order" LIMIT 1;
    IF chosen IS NULL THEN
      INSERT INTO "bays" ("name", "sort_order")
      SELECT 'Bay ' || (count(*) + 1), count(*) + 1 FROM "bays"
      RETURNING "id" INTO chosen;
    END IF;
    UPDATE "bookings" SET "bay_id" = chosen WHERE "id" = live."id";
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "bay_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "occupied_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "occupied_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_occupied_check" CHECK ("bookings"."occupied_from" < "bookings"."occupied_until");--> statement-breakpoint
-- The invariant: no two live bookings overlap in time on one bay, whichever slots or services they are of.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_bay_overlap_excl" EXCLUDE USING gist (
	"bay_id" WITH =,
	tstzrange("occupied_from", "occupied_until") WITH &&
) WHERE ("status" IN ('pending', 'confirm'));--> statement-breakpoint
DROP INDEX "bookings_live_slot_key";--> statement-breakpoint
CREATE INDEX "bookings_live_slot_idx" ON "bookings" USING btree ("slot_id") WHERE "bookings"."status" in ('pending', 'confirm');--> statement-breakpoint
-- Whether a slot is booked is now derived from its bays; the stored status is the administrator's alone.
UPDATE "slots" SET "status" = 'available' WHERE "status" = 'booked';--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_status_stored_check" CHECK ("slots"."status" <> 'booked');--> statement-breakpoint
-- A bay is deactivated only once no live booking lies ahead on it. A booking locks the bays it may take
-- (FOR NO KEY UPDATE) until it commits, so this check, run after the deactivating update has its row lock,
-- sees every booking that could land on the bay.
CREATE FUNCTION "bay_deactivation_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  upcoming bigint;
BEGIN
  SELECT count(*) INTO upcoming FROM "bookings"
  WHERE "bay_id" = NEW."id" AND "occupied_until" > now()
    AND ("status" = 'confirm' OR ("status" = 'pending' AND "hold_expires_at" > now()));
  IF upcoming > 0 THEN
    RAISE EXCEPTION 'bay % has % upcoming bookings', NEW."id", upcoming
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bays_inactive_without_upcoming_bookings', DETAIL = upcoming::text;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bays_deactivation" BEFORE UPDATE OF "active" ON "bays" FOR EACH ROW
WHEN (OLD."active" AND NOT NEW."active") EXECUTE FUNCTION "bay_deactivation_check"();

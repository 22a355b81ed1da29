CREATE TABLE "report_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date
);
--> statement-breakpoint
CREATE TABLE "report_day_hours" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "report_day_hours_day_hour_pk" PRIMARY KEY("day","hour")
);
--> statement-breakpoint
CREATE TABLE "report_day_offers" (
	"day" date PRIMARY KEY NOT NULL,
	"offered_minutes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date NOT NULL,
	"service_id" uuid NOT NULL,
	"status" "booking_status" NOT NULL,
	"bookings" integer NOT NULL,
	"paid_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"slot_minutes" bigint NOT NULL,
	CONSTRAINT "report_days_day_service_id_status_pk" PRIMARY KEY("day","service_id","status")
);
--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("slot_id");--> statement-breakpoint
-- Every change to bookings, refunds or slots logs the business days it touches; a change to what bays
-- exist, serve or may be used logs a null day (every day's offered bay-minutes). Statement-level triggers
-- with transition tables: a bulk change logs each day once, not once per row.
CREATE FUNCTION "report_log_booking_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_changes" ("day")
      SELECT DISTINCT s."date" FROM new_rows r JOIN "slots" s ON s."id" = r."slot_id";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_changes" ("day")
      SELECT DISTINCT s."date" FROM old_rows r JOIN "slots" s ON s."id" = r."slot_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "report_log_refund_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_changes" ("day")
    SELECT DISTINCT s."date" FROM new_rows r
    JOIN "bookings" b ON b."id" = r."booking_id"
    JOIN "slots" s ON s."id" = b."slot_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "report_log_slot_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "report_changes" ("day") SELECT DISTINCT "date" FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "report_changes" ("day") SELECT DISTINCT "date" FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "report_log_every_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_changes" ("day") VALUES (NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_report_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_booking_days"();
--> statement-breakpoint
CREATE TRIGGER "bookings_report_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_booking_days"();
--> statement-breakpoint
CREATE TRIGGER "bookings_report_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_booking_days"();
--> statement-breakpoint
CREATE TRIGGER "refunds_report_insert" AFTER INSERT ON "refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_refund_days"();
--> statement-breakpoint
CREATE TRIGGER "refunds_report_update" AFTER UPDATE ON "refunds" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_refund_days"();
--> statement-breakpoint
CREATE TRIGGER "slots_report_insert" AFTER INSERT ON "slots" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_slot_days"();
--> statement-breakpoint
CREATE TRIGGER "slots_report_update" AFTER UPDATE ON "slots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_slot_days"();
--> statement-breakpoint
CREATE TRIGGER "slots_report_delete" AFTER DELETE ON "slots" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_log_slot_days"();
--> statement-breakpoint
CREATE TRIGGER "services_report_update" AFTER UPDATE OF "is_deleted" ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "report_log_every_day"();
--> statement-breakpoint
CREATE TRIGGER "bays_report_change" AFTER INSERT OR DELETE OR UPDATE OF "active" ON "bays" FOR EACH STATEMENT EXECUTE FUNCTION "report_log_every_day"();
--> statement-breakpoint
CREATE TRIGGER "bay_services_report_change" AFTER INSERT OR UPDATE OR DELETE ON "bay_services" FOR EACH STATEMENT EXECUTE FUNCTION "report_log_every_day"();
--> statement-breakpoint
CREATE TRIGGER "service_bays_report_change" AFTER INSERT OR UPDATE OR DELETE ON "service_bays" FOR EACH STATEMENT EXECUTE FUNCTION "report_log_every_day"();
--> statement-breakpoint
-- The days already there are computed at the first read.
INSERT INTO "report_changes" ("day") SELECT DISTINCT "date" FROM "slots";

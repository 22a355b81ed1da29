CREATE TABLE "booking_totals" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "booking_totals_single_row_check" CHECK ("booking_totals"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "booking_totals" ("id", "total") SELECT 1, count(*) FROM "bookings";
--> statement-breakpoint
CREATE FUNCTION "booking_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "booking_totals" SET "total" = "total" + (SELECT count(*) FROM inserted) WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "booking_totals" SET "total" = "total" - (SELECT count(*) FROM removed) WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "booking_totals" SET "total" = 0 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "booking_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "booking_totals_remove"();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "booking_totals_reset"();

ALTER TABLE "bookings" ADD COLUMN "position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "position" = ranked.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "bookings") AS ranked
WHERE "bookings"."id" = ranked."id";--> statement-breakpoint
UPDATE "booking_totals" SET "total" = (SELECT count(*) FROM "bookings") WHERE "id" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_position_key" ON "bookings" USING btree ("position");--> statement-breakpoint
DROP TRIGGER "bookings_count_insert" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_count_delete" ON "bookings";--> statement-breakpoint
DROP FUNCTION "booking_totals_add"();--> statement-breakpoint
DROP FUNCTION "booking_totals_remove"();--> statement-breakpoint
CREATE FUNCTION "booking_next_position"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The row lock on booking_totals serialises inserts: a rolled-back insert gives its number back.
  UPDATE "booking_totals" SET "total" = "total" + 1 WHERE "id" = 1 RETURNING "total" INTO NEW."position";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_position" BEFORE INSERT ON "bookings" FOR EACH ROW EXECUTE FUNCTION "booking_next_position"();--> statement-breakpoint
CREATE FUNCTION "bookings_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bookings are history: cancel them instead of deleting them';
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_no_delete" BEFORE DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_are_kept"();

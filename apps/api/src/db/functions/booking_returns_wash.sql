-- A cancelled booking gives its wash back to the membership or pack that paid it (trigger bookings_return_wash,
-- after a booking's status turns to cancel, whoever cancels it and however): its redemption no longer counts.
-- A missed booking (no-show) keeps it: the wash was the member's to come for.
CREATE OR REPLACE FUNCTION "booking_returns_wash"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "redemptions" SET "returned_at" = now() WHERE "booking_id" = NEW."id" AND "returned_at" IS NULL;
  RETURN NULL;
END
$$;

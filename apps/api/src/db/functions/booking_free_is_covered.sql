-- A booking costs nothing only when a member's plan paid it (constraint trigger bookings_free_is_covered,
-- after a booking is written or its price changes, checked at commit so that its wash may be counted after
-- it in the same transaction): a free booking without a redemption is refused.
CREATE OR REPLACE FUNCTION "booking_free_is_covered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."price_cents" = 0 AND NOT EXISTS (SELECT FROM "redemptions" WHERE "booking_id" = NEW."id") THEN
    RAISE EXCEPTION 'booking % costs nothing but no membership paid it', NEW."id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_free_is_covered';
  END IF;
  RETURN NULL;
END
$$;

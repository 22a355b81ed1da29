-- Counts a wash against its plan (trigger redemptions_within_caps, before each insert into redemptions), under
-- the membership's row lock so that two bookings of one membership are judged one after the other on any
-- instance: the membership must be in good standing (active, or past due within its grace), inside its paid
-- period, and the wash within the plan's washes a period (none for unlimited) and its washes a day for the
-- vehicle. The wash counts in the membership's current period, which the trigger writes on the row.
CREATE OR REPLACE FUNCTION "redemption_within_caps"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
  used integer;
BEGIN
  SELECT ms."status", ms."period_start", ms."period_end", ms."grace_until", p."washes", p."washes_per_day"
    INTO m
    FROM "memberships" ms JOIN "plans" p ON p."id" = ms."plan_id"
    WHERE ms."id" = NEW."membership_id"
    FOR UPDATE OF ms;
  IF NOT FOUND OR m."period_start" IS NULL OR m."period_end" <= now()
     OR NOT (m."status" = 'active' OR (m."status" = 'past_due' AND m."grace_until" > now())) THEN
    RAISE EXCEPTION 'membership % is not in good standing', NEW."membership_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'redemptions_good_standing';
  END IF;
  NEW."period_start" := m."period_start";
  IF m."washes" IS NOT NULL THEN
    SELECT count(*) INTO used FROM "redemptions"
      WHERE "membership_id" = NEW."membership_id" AND "period_start" = m."period_start" AND "returned_at" IS NULL;
    IF used >= m."washes" THEN
      RAISE EXCEPTION 'membership % has used its % washes', NEW."membership_id", m."washes"
        USING ERRCODE = 'check_violation', CONSTRAINT = 'redemptions_period_cap';
    END IF;
  END IF;
  SELECT count(*) INTO used FROM "redemptions"
    WHERE "membership_id" = NEW."membership_id" AND "vehicle_id" IS NOT DISTINCT FROM NEW."vehicle_id"
      AND "day" = NEW."day" AND "returned_at" IS NULL;
  IF used >= m."washes_per_day" THEN
    RAISE EXCEPTION 'membership % has used its % washes of %', NEW."membership_id", m."washes_per_day", NEW."day"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'redemptions_day_cap';
  END IF;
  RETURN NEW;
END
$$;

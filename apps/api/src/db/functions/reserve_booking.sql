-- Makes a booking in one call (decision 051): everything the booking is decided on, judged, and the booking
-- written with its lines in the first bay free over its time, or nothing written and the refusal named.
--
-- First a look that locks nothing (`p_look`): what the shop cannot take now (most of a rush: every bay of the
-- slot busy) is refused without waiting for anyone. Then, under the customer's and the client address's
-- advisory locks (so that their unpaid holds cannot be raced past), the shop's settings row, the service,
-- the slot and the bays the booking may take are share-locked in that order (a change of the time zone or
-- the currency, a deletion, a cancellation, a bay deactivated, limited or moved waits, or this waits for it)
-- and judged again, each statement seeing what committed before it ran. Refusals come in the order the
-- customer is told them: the service, their holds, their address's holds, the slot, the job's end past
-- closing, the terms, the bays, the day's unpaid share.
--
-- Two bookings may pick one bay at once: the second insert waits for the first to end (the booking counter's
-- row and the exclusion constraint) and the constraint refuses it if the first committed. The insert is undone
-- and the choice made again, which sees the winner: past one lost race per bay it ends as full. The
-- constraint, not this code, keeps a bay from being sold twice.
--
-- `p_lines` are the job's priced lines (null: SPEC.md's booking, the service at its price for the slot's length;
-- a line's null minutes: the slot's length). A member's wash (`p_membership`) is counted with the booking; the
-- database's caps refuse it as they refuse any redemption. Run on its own it is one transaction; inside a
-- transaction (a walk-in, whose slot is made first) its locks last until that one ends.
CREATE OR REPLACE FUNCTION "reserve_booking"(
  p_customer uuid, p_service uuid, p_slot uuid, p_now timestamptz, p_earliest timestamptz, p_last_date date,
  p_max_holds integer, p_address text, p_max_holds_from_address integer,
  p_class_minutes integer, p_extra_minutes integer, p_lines jsonb,
  p_hold_until timestamptz, p_status booking_status, p_pay_with pay_with, p_booked_by uuid, p_note text,
  p_vehicle_class_id uuid, p_vehicle_class_name text, p_vehicle_id uuid, p_vehicle jsonb, p_vehicle_plate text,
  p_policy_version integer, p_membership uuid, p_max_unpaid_percent integer,
  p_look boolean, p_lock_classes integer[],
  OUT outcome text, OUT booking uuid, OUT total_cents integer, OUT service_name text, OUT shop_currency text,
  OUT shop_policy_version integer, OUT shop_policy jsonb, OUT service_payment_mode text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  locking boolean := NOT p_look;
  v_shop record;
  v_service record;
  v_slot record;
  v_held integer;
  v_held_from_address integer;
  v_until timestamptz;
  v_bays uuid[];
  v_bay uuid;
  v_lines jsonb;
  v_held_seconds float8;
  v_day_seconds float8;
  v_constraint text;
BEGIN
  LOOP
    IF locking THEN
      PERFORM pg_advisory_xact_lock(p_lock_classes[1], hashtext(p_customer::text));
      PERFORM pg_advisory_xact_lock(p_lock_classes[2], hashtext(p_address));
      SELECT "currency", "policy_version", "payment_policy" INTO v_shop FROM "shop_settings" WHERE "id" = 1 FOR SHARE;
    ELSE
      SELECT "currency", "policy_version", "payment_policy" INTO v_shop FROM "shop_settings" WHERE "id" = 1;
    END IF;
    IF NOT FOUND THEN RAISE EXCEPTION 'the shop has no settings row'; END IF;
    IF locking THEN
      SELECT "name", "price_cents", "buffer_minutes", "payment_mode" INTO v_service FROM "services"
        WHERE "id" = p_service AND NOT "is_deleted" FOR SHARE;
    ELSE
      SELECT "name", "price_cents", "buffer_minutes", "payment_mode" INTO v_service FROM "services"
        WHERE "id" = p_service AND NOT "is_deleted";
    END IF;
    IF NOT FOUND THEN
      outcome := 'serviceGone';
      RETURN;
    END IF;

    SELECT
      (SELECT count(*) FROM "bookings" WHERE "customer_id" = p_customer AND "status" = 'pending'
        AND "hold_expires_at" > p_now),
      (SELECT count(*) FROM "bookings" WHERE "client_address" = p_address AND "status" = 'pending'
        AND "hold_expires_at" > p_now)
      INTO v_held, v_held_from_address;
    IF v_held >= p_max_holds THEN
      outcome := 'tooManyHolds';
      RETURN;
    END IF;
    IF v_held_from_address >= p_max_holds_from_address THEN
      outcome := 'tooManyHoldsFromAddress';
      RETURN;
    END IF;

    IF locking THEN
      SELECT "service_id", "status", "starts_at", "ends_at", "date", "origin", "withdrawn", "open_until"
        INTO v_slot FROM "slots" WHERE "id" = p_slot FOR SHARE;
    ELSE
      SELECT "service_id", "status", "starts_at", "ends_at", "date", "origin", "withdrawn", "open_until"
        INTO v_slot FROM "slots" WHERE "id" = p_slot;
    END IF;
    IF NOT FOUND THEN
      outcome := 'unknown';
      RETURN;
    END IF;
    outcome := CASE
      WHEN v_slot."service_id" <> p_service THEN 'otherService'
      WHEN v_slot."status" = 'cancel' OR v_slot."withdrawn" THEN 'cancelled'
      WHEN v_slot."starts_at" <= p_now THEN 'past'
      WHEN v_slot."origin" = 'generated' AND v_slot."starts_at" < p_earliest THEN 'tooSoon'
      WHEN v_slot."origin" = 'generated' AND v_slot."date" > p_last_date THEN 'beyondHorizon'
    END;
    IF outcome IS NOT NULL THEN RETURN; END IF;
    -- The job's end (a class's own duration from the start, or the slot's end), its add-ons, then the buffer.
    v_until := coalesce(v_slot."starts_at" + make_interval(mins => p_class_minutes), v_slot."ends_at")
      + make_interval(mins => p_extra_minutes + v_service."buffer_minutes");
    IF v_slot."open_until" IS NOT NULL AND v_until > v_slot."open_until" THEN
      outcome := 'runsPastClosing';
      RETURN;
    END IF;

    -- The bays that may take the service (the bays module's `bayServes`), locked in id order so that no
    -- two transactions deadlock.
    IF v_slot."status" <> 'available' THEN
      v_bays := '{}';
    ELSIF locking THEN
      v_bays := ARRAY(SELECT "bays"."id" FROM "bays" WHERE "bays"."active"
        AND (NOT EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id")
          OR EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id" AND "bay_services"."service_id" = p_service))
        AND (NOT EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service)
          OR EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service AND "service_bays"."bay_id" = "bays"."id"))
        ORDER BY "bays"."id" FOR SHARE);
    ELSE
      v_bays := ARRAY(SELECT "bays"."id" FROM "bays" WHERE "bays"."active"
        AND (NOT EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id")
          OR EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id" AND "bay_services"."service_id" = p_service))
        AND (NOT EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service)
          OR EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service AND "service_bays"."bay_id" = "bays"."id")));
    END IF;
    -- Busy even once the holds that ran out are swept: refused.
    IF NOT EXISTS (SELECT FROM unnest(v_bays) AS bay(id) WHERE NOT EXISTS (SELECT FROM "bookings"
        WHERE "bay_id" = bay.id AND "status" IN ('pending', 'confirm')
          AND tstzrange("occupied_from", "occupied_until") && tstzrange(v_slot."starts_at", v_until)
          AND ("status" = 'pending' AND "hold_expires_at" <= p_now) IS NOT TRUE)) THEN
      outcome := 'full';
      RETURN;
    END IF;
    EXIT WHEN locking;
    locking := true;
  END LOOP;

  shop_currency := v_shop."currency";
  shop_policy_version := v_shop."policy_version";
  shop_policy := v_shop."payment_policy";
  service_name := v_service."name";
  service_payment_mode := v_service."payment_mode";
  IF p_policy_version IS NOT NULL AND p_policy_version <> v_shop."policy_version" THEN
    outcome := 'policyChanged';
    RETURN;
  END IF;

  v_lines := coalesce(p_lines, jsonb_build_array(jsonb_build_object('position', 0, 'kind', 'service',
    'add_on_id', NULL, 'name', v_service."name", 'price_cents', v_service."price_cents", 'minutes', NULL)));
  SELECT sum((line->>'price_cents')::integer) INTO total_cents FROM jsonb_array_elements(v_lines) AS line;

  -- The day's unpaid holds, counted under the day's lock until the booking is made: every booking that took it
  -- before has committed and is seen here; every one that takes it later sees this one. The first hold of a day
  -- is always allowed; past the share, only paid bookings take its time.
  IF p_max_unpaid_percent < 100 THEN
    PERFORM pg_advisory_xact_lock(p_lock_classes[3], hashtext(v_slot."date"::text));
    SELECT coalesce(sum(extract(epoch FROM b."occupied_until" - b."occupied_from")), 0) INTO v_held_seconds
      FROM "bookings" b JOIN "slots" s ON s."id" = b."slot_id"
      WHERE b."status" = 'pending' AND b."hold_expires_at" > p_now AND s."date" = v_slot."date";
    SELECT coalesce(extract(epoch FROM max("ends_at") - min("starts_at")), 0)
        * (SELECT count(*) FROM "bays" WHERE "active")
      INTO v_day_seconds FROM "slots"
      WHERE "date" = v_slot."date" AND "status" = 'available' AND NOT "withdrawn";
    IF v_held_seconds > 0 AND v_held_seconds * 100 >= v_day_seconds * p_max_unpaid_percent THEN
      outcome := 'dayHeldByUnpaid';
      RETURN;
    END IF;
  END IF;

  -- Bays can free up and be taken again while this runs: past one lost race per bay, it gives up as full.
  FOR race IN 0..cardinality(v_bays) LOOP
    BEGIN
      -- Free bays first (a lapsed hold in the way comes last), then the shop's order.
      SELECT "bays"."id" INTO v_bay FROM "bays"
        WHERE "bays"."id" = ANY (v_bays) AND "bays"."active"
          AND (NOT EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id")
          OR EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id" AND "bay_services"."service_id" = p_service))
        AND (NOT EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service)
          OR EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service AND "service_bays"."bay_id" = "bays"."id"))
          AND NOT EXISTS (SELECT FROM "bookings" WHERE "bookings"."bay_id" = "bays"."id"
            AND "bookings"."status" IN ('pending', 'confirm')
            AND tstzrange("occupied_from", "occupied_until") && tstzrange(v_slot."starts_at", v_until)
            AND ("bookings"."status" = 'pending' AND "hold_expires_at" <= p_now) IS NOT TRUE)
        ORDER BY EXISTS (SELECT FROM "bookings" WHERE "bookings"."bay_id" = "bays"."id"
            AND "bookings"."status" IN ('pending', 'confirm')
            AND tstzrange("occupied_from", "occupied_until") && tstzrange(v_slot."starts_at", v_until)),
          "bays"."sort_order", "bays"."id"
        LIMIT 1;
      IF NOT FOUND THEN
        outcome := 'full';
        RETURN;
      END IF;
      IF EXISTS (SELECT FROM "bookings" WHERE "bay_id" = v_bay AND "status" IN ('pending', 'confirm')
          AND tstzrange("occupied_from", "occupied_until") && tstzrange(v_slot."starts_at", v_until)) THEN
        -- Only holds that ran out are in the way: the caller sweeps them and asks again.
        outcome := 'lapsedHoldsInTheWay';
        RETURN;
      END IF;
      INSERT INTO "bookings" ("customer_id", "service_id", "slot_id", "bay_id", "price_cents", "occupied_from",
        "occupied_until", "hold_expires_at", "client_address", "vehicle_id", "vehicle_class_id",
        "vehicle_class_name", "vehicle", "vehicle_plate", "status", "pay_with", "booked_by", "booked_by_shop",
        "customer_note", "policy_version")
      VALUES (p_customer, p_service, p_slot, v_bay, total_cents, v_slot."starts_at", v_until, p_hold_until,
        p_address, p_vehicle_id, p_vehicle_class_id, p_vehicle_class_name, p_vehicle, p_vehicle_plate, p_status,
        p_pay_with, p_booked_by, p_booked_by IS NOT NULL, p_note, p_policy_version)
      RETURNING "id" INTO booking;
      INSERT INTO "booking_lines" ("booking_id", "position", "kind", "add_on_id", "name", "price_cents", "minutes")
      SELECT booking, line.position, line.kind, line.add_on_id, line.name, line.price_cents,
        coalesce(line.minutes, round(extract(epoch FROM v_slot."ends_at" - v_slot."starts_at") / 60)::integer)
      FROM jsonb_to_recordset(v_lines) AS line(position smallint, kind booking_line_kind, add_on_id uuid,
        name text, price_cents integer, minutes integer);
      EXIT;
    EXCEPTION WHEN exclusion_violation THEN
      GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
      IF v_constraint <> 'bookings_bay_overlap_excl' THEN RAISE; END IF;
      booking := NULL;
    END;
  END LOOP;
  IF booking IS NULL THEN
    outcome := 'full';
    RETURN;
  END IF;

  IF p_membership IS NOT NULL THEN
    INSERT INTO "redemptions" ("membership_id", "booking_id", "vehicle_id", "day", "period_start")
    VALUES (p_membership, booking, p_vehicle_id, v_slot."date", now());
    -- Nothing left to pay: paid, as a booking paid at the shop is once it is.
    IF total_cents = 0 THEN UPDATE "bookings" SET "payment" = 'paid' WHERE "id" = booking; END IF;
  END IF;
  outcome := 'booked';
END
$$;

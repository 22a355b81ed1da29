-- Makes a booking in one call (decision 051): everything the booking is decided on, judged, and the booking
-- written with its lines in the first bay free over its time, or nothing written and the refusal named.
--
-- First a look that locks nothing (`p_look`): what the shop cannot take now (most of a rush: every bay of the
-- slot busy) is refused without waiting for anyone. Then, under the customer's and the client address's
-- advisory locks (so that their unpaid holds cannot be raced past), the shop's settings row, the service,
-- the slot and the bays the booking may take are share-locked in that order (a change of the time zone or
-- the currency, a deletion, a cancellation, a bay deactivated, limited or moved waits, or this waits for it)
-- and judged again, by the same statements as the look, as they stand once the locks are held. Refusals come in
-- the order the customer is told them: the service, their holds, their address's holds, the slot, the job's end
-- past closing, the terms, the bays, the day's unpaid share.
--
-- Two bookings may pick one bay at once: the second insert waits for the first to end (the booking counter's
-- row and the exclusion constraint) and the constraint refuses it if the first committed. The insert is undone
-- and the choice made again, which sees the winner: past one lost race per bay it ends as full. The
-- constraint, not this code, keeps a bay from being sold twice.
--
-- `p_lines` are the job's priced lines (null: SPEC.md's booking, the service at its price for the slot's length;
-- a line's null minutes: the slot's length). A member's wash (`p_membership`) is counted with the booking; the
-- database's caps refuse it as they refuse any redemption. Run on its own it is one transaction; inside a
-- transaction (a walk-in, whose slot is made first) its locks last until that one ends. A booking made answers
-- what its checkout is described by (the service, the slot's day and times) and paid in (the shop's currency
-- and terms), so that nothing needs to be read again before the checkout is opened (decision 055).
CREATE OR REPLACE FUNCTION "reserve_booking"(
  p_customer uuid, p_service uuid, p_slot uuid, p_now timestamptz, p_earliest timestamptz, p_last_date date,
  p_max_holds integer, p_address text, p_max_holds_from_address integer,
  p_class_minutes integer, p_extra_minutes integer, p_lines jsonb,
  p_hold_until timestamptz, p_status booking_status, p_pay_with pay_with, p_booked_by uuid, p_note text,
  p_vehicle_class_id uuid, p_vehicle_class_name text, p_vehicle_id uuid, p_vehicle jsonb, p_vehicle_plate text,
  p_policy_version integer, p_membership uuid, p_max_unpaid_percent integer,
  p_look boolean, p_lock_classes integer[],
  OUT outcome text, OUT booking uuid, OUT total_cents integer, OUT service_name text, OUT shop_currency text,
  OUT shop_policy jsonb, OUT service_payment_mode text, OUT slot_date text, OUT slot_start text, OUT slot_end text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  locking boolean := NOT p_look;
  v record;
  v_until timestamptz;
  v_bays uuid[];
  v_locked uuid[];
  v_free boolean;
  v_candidate uuid;
  v_lines jsonb;
  v_held_seconds float8;
  v_day_seconds float8;
  v_constraint text;
BEGIN
  LOOP
    IF locking THEN
      PERFORM pg_advisory_xact_lock(p_lock_classes[1], hashtext(p_customer::text));
      PERFORM pg_advisory_xact_lock(p_lock_classes[2], hashtext(p_address));
      -- Share-locked in this order, then read below as they stand once the locks are held: the slot only while
      -- the service is live.
      PERFORM FROM "shop_settings" WHERE "id" = 1 FOR SHARE;
      PERFORM FROM "services" WHERE "id" = p_service AND NOT "is_deleted" FOR SHARE;
      IF FOUND THEN
        PERFORM FROM "slots" WHERE "id" = p_slot FOR SHARE;
      END IF;
    END IF;
    -- Everything the booking is decided on, in one statement: the service, the slot (read only while the service
    -- is live) and the customer's and the address's unpaid holds.
    WITH shop AS (
      SELECT "currency", "policy_version", "payment_policy" FROM "shop_settings" WHERE "id" = 1
    ), live_service AS (
      SELECT "name", "price_cents", "buffer_minutes", "payment_mode" FROM "services"
      WHERE "id" = p_service AND NOT "is_deleted"
    ), slot AS (
      SELECT "service_id", "status", "starts_at", "ends_at", "date", "start_time", "end_time", "origin", "withdrawn",
        "open_until" FROM "slots"
      WHERE "id" = p_slot AND EXISTS (SELECT FROM live_service)
    )
    SELECT shop."currency", shop."policy_version", shop."payment_policy",
      live_service."name", live_service."price_cents", live_service."buffer_minutes", live_service."payment_mode",
      (SELECT count(*) FROM "bookings" WHERE "customer_id" = p_customer AND "status" = 'pending'
        AND "hold_expires_at" > p_now) AS held,
      (SELECT count(*) FROM "bookings" WHERE "client_address" = p_address AND "status" = 'pending'
        AND "hold_expires_at" > p_now) AS held_from_address,
      slot."service_id" AS slot_service, slot."status" AS slot_status, slot."starts_at", slot."ends_at", slot."date",
      slot."start_time", slot."end_time", slot."origin", slot."withdrawn", slot."open_until"
    INTO v FROM shop LEFT JOIN live_service ON true LEFT JOIN slot ON true;
    IF NOT FOUND THEN RAISE EXCEPTION 'the shop has no settings row'; END IF;
    outcome := CASE
      WHEN v."name" IS NULL THEN 'serviceGone'
      WHEN v.held >= p_max_holds THEN 'tooManyHolds'
      WHEN v.held_from_address >= p_max_holds_from_address THEN 'tooManyHoldsFromAddress'
      WHEN v.slot_service IS NULL THEN 'unknown'
      WHEN v.slot_service <> p_service THEN 'otherService'
      WHEN v.slot_status = 'cancel' OR v."withdrawn" THEN 'cancelled'
      WHEN v."starts_at" <= p_now THEN 'past'
      WHEN v."origin" = 'generated' AND v."starts_at" < p_earliest THEN 'tooSoon'
      WHEN v."origin" = 'generated' AND v."date" > p_last_date THEN 'beyondHorizon'
    END;
    IF outcome IS NOT NULL THEN RETURN; END IF;
    -- The job's end (a class's own duration from the start, or the slot's end), its add-ons, then the buffer.
    v_until := coalesce(v."starts_at" + make_interval(mins => p_class_minutes), v."ends_at")
      + make_interval(mins => p_extra_minutes + v."buffer_minutes");
    IF v."open_until" IS NOT NULL AND v_until > v."open_until" THEN
      outcome := 'runsPastClosing';
      RETURN;
    END IF;
    -- The bays that may take the service (the bays module's `bayServes`), each with whether it is free once the
    -- holds that ran out are swept. Locking, the bays found are share-locked in id order (so that no two
    -- transactions deadlock), then judged again, among those, as they stand once the locks are held.
    IF v.slot_status <> 'available' THEN
      v_free := false;
    ELSE
      v_locked := NULL;
      LOOP
        SELECT array_agg(bay.id), bool_or(bay.free) INTO v_bays, v_free FROM (
          SELECT "bays"."id", NOT EXISTS (SELECT FROM "bookings" WHERE "bookings"."bay_id" = "bays"."id"
              AND "bookings"."status" IN ('pending', 'confirm')
              AND tstzrange("occupied_from", "occupied_until") && tstzrange(v."starts_at", v_until)
              AND ("bookings"."status" = 'pending' AND "hold_expires_at" <= p_now) IS NOT TRUE) AS free
          FROM "bays"
          WHERE "bays"."active" AND (v_locked IS NULL OR "bays"."id" = ANY (v_locked))
            AND (NOT EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id")
              OR EXISTS (SELECT FROM "bay_services" WHERE "bay_services"."bay_id" = "bays"."id"
                AND "bay_services"."service_id" = p_service))
            AND (NOT EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service)
              OR EXISTS (SELECT FROM "service_bays" WHERE "service_bays"."service_id" = p_service
                AND "service_bays"."bay_id" = "bays"."id"))) AS bay;
        EXIT WHEN NOT locking OR v_locked IS NOT NULL OR v_bays IS NULL;
        PERFORM FROM "bays" WHERE "id" = ANY (v_bays) ORDER BY "id" FOR SHARE;
        v_locked := v_bays;
      END LOOP;
    END IF;
    IF v_free IS NOT TRUE THEN
      outcome := 'full';
      RETURN;
    END IF;
    EXIT WHEN locking;
    locking := true;
  END LOOP;

  shop_currency := v."currency";
  shop_policy := v."payment_policy";
  service_name := v."name";
  service_payment_mode := v."payment_mode";
  slot_date := v."date"::text;
  slot_start := v."start_time";
  slot_end := v."end_time";
  IF p_policy_version IS NOT NULL AND p_policy_version <> v."policy_version" THEN
    outcome := 'policyChanged';
    RETURN;
  END IF;

  -- The day's unpaid holds, counted under the day's lock until the booking is made: every booking that took it
  -- before has committed and is seen here; every one that takes it later sees this one. The first hold of a day
  -- is always allowed; past the share, only paid bookings take its time.
  IF p_max_unpaid_percent < 100 THEN
    PERFORM pg_advisory_xact_lock(p_lock_classes[3], hashtext(v."date"::text));
    SELECT coalesce(sum(extract(epoch FROM b."occupied_until" - b."occupied_from")), 0) INTO v_held_seconds
      FROM "bookings" b JOIN "slots" s ON s."id" = b."slot_id"
      WHERE b."status" = 'pending' AND b."hold_expires_at" > p_now AND s."date" = v."date";
    SELECT coalesce(extract(epoch FROM max("ends_at") - min("starts_at")), 0)
        * (SELECT count(*) FROM "bays" WHERE "active")
      INTO v_day_seconds FROM "slots"
      WHERE "date" = v."date" AND "status" = 'available' AND NOT "withdrawn";
    IF v_held_seconds > 0 AND v_held_seconds * 100 >= v_day_seconds * p_max_unpaid_percent THEN
      outcome := 'dayHeldByUnpaid';
      RETURN;
    END IF;
  END IF;

  v_lines := coalesce(p_lines, jsonb_build_array(jsonb_build_object('position', 0, 'kind', 'service',
    'add_on_id', NULL, 'name', v."name", 'price_cents', v."price_cents", 'minutes', NULL)));
  -- Bays can free up and be taken again while this runs: past one lost race per bay, it gives up as full.
  FOR race IN 0..cardinality(v_bays) LOOP
    BEGIN
      -- In one statement: the first bay free over the job's time, free bays first (one whose lapsed holds are in
      -- the way last), then the shop's order; the booking in it unless a lapsed hold is; its lines with it.
      WITH candidate AS (
        SELECT "bays"."id" FROM "bays"
        -- Among the bays judged under their locks, which no change to a bay or its limits can pass.
        WHERE "bays"."id" = ANY (v_bays)
          AND NOT EXISTS (SELECT FROM "bookings" WHERE "bookings"."bay_id" = "bays"."id"
            AND "bookings"."status" IN ('pending', 'confirm')
            AND tstzrange("occupied_from", "occupied_until") && tstzrange(v."starts_at", v_until)
            AND ("bookings"."status" = 'pending' AND "hold_expires_at" <= p_now) IS NOT TRUE)
        ORDER BY EXISTS (SELECT FROM "bookings" WHERE "bookings"."bay_id" = "bays"."id"
            AND "bookings"."status" IN ('pending', 'confirm')
            AND tstzrange("occupied_from", "occupied_until") && tstzrange(v."starts_at", v_until)),
          "bays"."sort_order", "bays"."id"
        LIMIT 1
      ), booked AS (
        INSERT INTO "bookings" ("customer_id", "service_id", "slot_id", "bay_id", "price_cents", "occupied_from",
          "occupied_until", "hold_expires_at", "client_address", "vehicle_id", "vehicle_class_id",
          "vehicle_class_name", "vehicle", "vehicle_plate", "status", "pay_with", "booked_by", "booked_by_shop",
          "customer_note", "policy_version")
        SELECT p_customer, p_service, p_slot, candidate."id",
          (SELECT sum((line->>'price_cents')::integer) FROM jsonb_array_elements(v_lines) AS line),
          v."starts_at", v_until, p_hold_until, p_address, p_vehicle_id, p_vehicle_class_id, p_vehicle_class_name,
          p_vehicle, p_vehicle_plate, p_status, p_pay_with, p_booked_by, p_booked_by IS NOT NULL, p_note,
          p_policy_version
        FROM candidate WHERE NOT EXISTS (SELECT FROM "bookings" WHERE "bookings"."bay_id" = candidate."id"
          AND "bookings"."status" IN ('pending', 'confirm')
          AND tstzrange("occupied_from", "occupied_until") && tstzrange(v."starts_at", v_until))
        RETURNING "id", "price_cents"
      ), lined AS (
        INSERT INTO "booking_lines" ("booking_id", "position", "kind", "add_on_id", "name", "price_cents", "minutes")
        SELECT booked."id", line.position, line.kind, line.add_on_id, line.name, line.price_cents,
          coalesce(line.minutes, round(extract(epoch FROM v."ends_at" - v."starts_at") / 60)::integer)
        FROM booked, jsonb_to_recordset(v_lines) AS line(position smallint, kind booking_line_kind, add_on_id uuid,
          name text, price_cents integer, minutes integer)
      )
      SELECT candidate."id", booked."id", booked."price_cents" INTO v_candidate, booking, total_cents
      FROM candidate LEFT JOIN booked ON true;
      IF v_candidate IS NULL THEN
        outcome := 'full';
        RETURN;
      END IF;
      IF booking IS NULL THEN
        -- Only holds that ran out are in the way: the caller sweeps them and asks again.
        outcome := 'lapsedHoldsInTheWay';
        RETURN;
      END IF;
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
    VALUES (p_membership, booking, p_vehicle_id, v."date", now());
    -- Nothing left to pay: paid, as a booking paid at the shop is once it is.
    IF total_cents = 0 THEN UPDATE "bookings" SET "payment" = 'paid' WHERE "id" = booking; END IF;
  END IF;
  outcome := 'booked';
END
$$;

-- Makes the booking attempts an instance queued while its calls to the database were all under way, in one call
-- and one transaction (decision 058): the winners of a rush then share one commit. Each attempt is made by
-- `reserve_booking`, as a call of its own would make it, in its own block: an error undoes that attempt alone and is
-- answered in its place (its SQLSTATE, constraint, message and detail), and the others stand.
--
-- A transaction holds every lock its attempts take until it ends, so that two batches could wait for each other
-- where two calls of one attempt each cannot. Every advisory lock the attempts may take (their customers', their
-- addresses', their days' when the day's unpaid share is counted) is therefore taken first, by class in the order a
-- call of one attempt takes them (customer, address, day), and by key within a class. Every row a batch then waits
-- for is a shared lock or the booking counter's row, which no batch holds while it waits for an advisory lock.
--
-- The batch then takes the booking counter's row, before its first attempt rather than at its first booking (which
-- would take it anyway and hold it until the batch commits): batches take their turns whole, so that a batch's looks
-- see every booking the batch before it made, and refuse those attempts without their locking pass, their insert
-- and their lost race (decision 062).
--
-- `p_attempts` is an array of objects named as `reserve_booking`'s parameters without their `p_`, in camel case (the
-- server's names); `answers` has one object an attempt, in their order: `reserve_booking`'s answer, or `{"error":
-- …}`.
CREATE OR REPLACE FUNCTION "reserve_bookings"(
  p_attempts jsonb, p_lock_classes integer[], OUT answers jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_attempt jsonb;
  v_lock record;
  v_answer record;
  v_code text;
  v_constraint text;
  v_message text;
  v_detail text;
BEGIN
  answers := '[]'::jsonb;
  FOR v_lock IN
    SELECT DISTINCT lock.position, lock.key FROM (
      SELECT 1 AS position, hashtext((attempt->>'customer')::uuid::text) AS key
        FROM jsonb_array_elements(p_attempts) AS attempt
      UNION ALL
      SELECT 2, hashtext(attempt->>'address') FROM jsonb_array_elements(p_attempts) AS attempt
      UNION ALL
      SELECT 3, hashtext("slots"."date"::text) FROM jsonb_array_elements(p_attempts) AS attempt
        JOIN "slots" ON "slots"."id" = (attempt->>'slot')::uuid
        WHERE (attempt->>'maxUnpaidPercent')::integer < 100
    ) AS lock
    ORDER BY lock.position, lock.key
  LOOP
    PERFORM pg_advisory_xact_lock(p_lock_classes[v_lock.position], v_lock.key);
  END LOOP;

  PERFORM FROM "booking_totals" WHERE "id" = 1 FOR UPDATE;
  FOR v_attempt IN SELECT attempt FROM jsonb_array_elements(p_attempts) AS attempt LOOP
    BEGIN
      SELECT * INTO v_answer FROM reserve_booking(
        p_customer => (v_attempt->>'customer')::uuid, p_service => (v_attempt->>'service')::uuid,
        p_slot => (v_attempt->>'slot')::uuid, p_now => (v_attempt->>'now')::timestamptz,
        p_earliest => (v_attempt->>'earliest')::timestamptz, p_last_date => (v_attempt->>'lastDate')::date,
        p_max_holds => (v_attempt->>'maxHolds')::integer, p_address => v_attempt->>'address',
        p_max_holds_from_address => (v_attempt->>'maxHoldsFromAddress')::integer,
        p_class_minutes => (v_attempt->>'classMinutes')::integer,
        p_extra_minutes => (v_attempt->>'extraMinutes')::integer, p_lines => (v_attempt->>'lines')::jsonb,
        p_hold_until => (v_attempt->>'holdUntil')::timestamptz,
        p_status => (v_attempt->>'status')::booking_status, p_pay_with => (v_attempt->>'payWith')::pay_with,
        p_booked_by => (v_attempt->>'bookedBy')::uuid, p_note => v_attempt->>'note',
        p_vehicle_class_id => (v_attempt->>'vehicleClassId')::uuid,
        p_vehicle_class_name => v_attempt->>'vehicleClassName', p_vehicle_id => (v_attempt->>'vehicleId')::uuid,
        p_vehicle => (v_attempt->>'vehicle')::jsonb, p_vehicle_plate => v_attempt->>'vehiclePlate',
        p_policy_version => (v_attempt->>'policyVersion')::integer,
        p_membership => (v_attempt->>'membership')::uuid,
        p_max_unpaid_percent => (v_attempt->>'maxUnpaidPercent')::integer, p_look => true,
        p_lock_classes => p_lock_classes);
      answers := answers || jsonb_build_array(to_jsonb(v_answer));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_constraint = CONSTRAINT_NAME, v_message = MESSAGE_TEXT,
        v_detail = PG_EXCEPTION_DETAIL;
      answers := answers || jsonb_build_array(jsonb_build_object('error', jsonb_build_object('code', v_code,
        'constraint', nullif(v_constraint, ''), 'message', v_message, 'detail', nullif(v_detail, ''))));
    END;
  END LOOP;
END
$$;

-- A checkout that became paid is money in (trigger payments_ledger, after a checkout is inserted paid or its
-- status changes to paid): one ledger row of the checkout's purpose, online, once (ledger_entries_checkout_key).
CREATE OR REPLACE FUNCTION "ledger_record_checkout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'paid' OR (TG_OP = 'UPDATE' AND OLD."status" = 'paid') THEN
    RETURN NULL;
  END IF;
  INSERT INTO "ledger_entries"
    ("booking_id", "kind", "method", "amount_cents", "provider", "provider_reference", "checkout_id")
  VALUES
    (NEW."booking_id", NEW."purpose", 'online', NEW."amount_cents", NEW."provider", NEW."session_id", NEW."id")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

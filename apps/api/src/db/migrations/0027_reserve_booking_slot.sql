-- A booking made answers its slot's day and times too (decision 055): the function's answer changes shape, so it is
-- dropped first and made again.
DROP FUNCTION "reserve_booking"(uuid, uuid, uuid, timestamptz, timestamptz, date, integer, text, integer, integer,
  integer, jsonb, timestamptz, booking_status, pay_with, uuid, text, uuid, text, uuid, jsonb, text, integer, uuid,
  integer, boolean, integer[]);
--> statement-breakpoint
-- include functions/reserve_booking.sql 0e4c919697b8776538d603e338d50b0dae3cd1f53b9de747bc517003c9e3b883

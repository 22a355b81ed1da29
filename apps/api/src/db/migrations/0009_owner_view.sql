CREATE INDEX "bookings_status_position_idx" ON "bookings" USING btree ("status","position");--> statement-breakpoint
CREATE INDEX "bookings_payment_position_idx" ON "bookings" USING btree ("payment","position");--> statement-breakpoint
CREATE INDEX "bookings_service_position_idx" ON "bookings" USING btree ("service_id","position");--> statement-breakpoint
CREATE INDEX "bookings_bay_position_idx" ON "bookings" USING btree ("bay_id","position");--> statement-breakpoint
CREATE INDEX "bookings_customer_position_idx" ON "bookings" USING btree ("customer_id","position");--> statement-breakpoint
CREATE INDEX "bookings_occupied_from_idx" ON "bookings" USING btree ("occupied_from");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops);
CREATE TABLE "card_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"booking_id" uuid,
	"checkout_url" text NOT NULL,
	"return_url" text NOT NULL,
	"saved_card_id" uuid,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"payment_method_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "saved_cards_last4_check" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_cards_brand_check" CHECK (char_length("saved_cards"."brand") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saves_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_setups_provider_session_key" ON "card_setups" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "card_setups_booking_idx" ON "card_setups" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_live_key" ON "saved_cards" USING btree ("customer_id","provider") WHERE "saved_cards"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_payment_method_key" ON "saved_cards" USING btree ("provider","payment_method_ref");
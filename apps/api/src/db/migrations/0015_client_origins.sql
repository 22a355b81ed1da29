ALTER TABLE "payments" ADD COLUMN "return_origin" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotates" boolean DEFAULT true NOT NULL;
CREATE TABLE "profile_image_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_image_uploads" ADD CONSTRAINT "profile_image_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_image_uploads_user_idx" ON "profile_image_uploads" USING btree ("user_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "users_image_idx" ON "users" USING btree ("image");
CREATE TABLE "images" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea",
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_check" CHECK ("images"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "images_content_type_check" CHECK ("images"."content_type" in ('image/webp', 'image/png', 'image/jpeg', 'image/gif', 'image/avif')),
	CONSTRAINT "images_size_check" CHECK ("images"."size" > 0),
	CONSTRAINT "images_bytes_match_check" CHECK ("images"."bytes" is null or (octet_length("images"."bytes") = "images"."size" and encode(sha256("images"."bytes"), 'hex') = "images"."hash"))
);

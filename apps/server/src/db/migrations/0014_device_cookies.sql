CREATE TABLE "login_lockouts" (
	"account" text PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('no','en'));
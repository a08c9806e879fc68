ALTER TABLE "import_jobs" ADD COLUMN "defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;
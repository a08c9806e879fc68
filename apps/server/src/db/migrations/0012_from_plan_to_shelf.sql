CREATE TABLE "digest_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_id" integer,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_kind_check" CHECK ("import_jobs"."kind" in ('products', 'surfaces')),
	CONSTRAINT "import_jobs_mode_check" CHECK ("import_jobs"."mode" in ('dry_run', 'apply')),
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "placement_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "placement_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"surface_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_milestones" (
	"promotion_id" integer NOT NULL,
	"milestone" text NOT NULL,
	"due_on" date NOT NULL,
	"set_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_milestones_promotion_id_milestone_pk" PRIMARY KEY("promotion_id","milestone"),
	CONSTRAINT "promotion_milestones_milestone_check" CHECK ("promotion_milestones"."milestone" in ('brief', 'designs_complete', 'sent_to_printers', 'printed', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "distributor_parcels" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributor_parcels" ADD COLUMN "received_by_id" integer;--> statement-breakpoint
ALTER TABLE "distributor_parcels" ADD COLUMN "receipt_status" text;--> statement-breakpoint
ALTER TABLE "distributor_parcels" ADD COLUMN "receipt_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "milestone_days" jsonb DEFAULT '{"brief":42,"designs_complete":28,"sent_to_printers":21,"printed":14,"delivered":7}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "digest_hour" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_photos" ADD CONSTRAINT "placement_photos_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_photos" ADD CONSTRAINT "placement_photos_station_id_users_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_photos" ADD CONSTRAINT "placement_photos_surface_id_surfaces_id_fk" FOREIGN KEY ("surface_id") REFERENCES "public"."surfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_photos" ADD CONSTRAINT "placement_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_photos" ADD CONSTRAINT "placement_photos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_milestones" ADD CONSTRAINT "promotion_milestones_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_milestones" ADD CONSTRAINT "promotion_milestones_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_photos_promotion_station_idx" ON "placement_photos" USING btree ("promotion_id","station_id","surface_id");--> statement-breakpoint
ALTER TABLE "distributor_parcels" ADD CONSTRAINT "distributor_parcels_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
ALTER TABLE "distributor_parcels" ADD CONSTRAINT "distributor_parcels_receipt_check" CHECK ("distributor_parcels"."receipt_status" is null or "distributor_parcels"."receipt_status" in ('ok', 'problem'));--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_digest_hour_check" CHECK ("system_settings"."digest_hour" between 0 and 23);
CREATE TABLE "design_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "design_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"psd_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"changed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_status_changes_cause_check" CHECK ("design_status_changes"."cause" in ('edit', 'rating'))
);
--> statement-breakpoint
ALTER TABLE "design_status_changes" ADD CONSTRAINT "design_status_changes_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_status_changes" ADD CONSTRAINT "design_status_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_status_changes_psd_idx" ON "design_status_changes" USING btree ("psd_id","created_at");--> statement-breakpoint
CREATE INDEX "design_status_changes_to_idx" ON "design_status_changes" USING btree ("to_status","created_at");
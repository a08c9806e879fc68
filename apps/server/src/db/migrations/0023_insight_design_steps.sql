CREATE TABLE "insight_design_steps" (
	"psd_id" integer PRIMARY KEY NOT NULL,
	"left_created" timestamp with time zone,
	"brief" timestamp with time zone,
	"sketch" timestamp with time zone,
	"approved" timestamp with time zone,
	"completed" timestamp with time zone,
	"corrections" integer NOT NULL,
	"on_designer" double precision NOT NULL,
	"on_manager" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_design_steps" ADD CONSTRAINT "insight_design_steps_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;
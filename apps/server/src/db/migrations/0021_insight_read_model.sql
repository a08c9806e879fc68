CREATE TABLE "insight_design_amounts" (
	"promotion_id" integer NOT NULL,
	"psd_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"surface_id" integer NOT NULL,
	"all_groups" boolean NOT NULL,
	"station_group" text,
	"amount" integer NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "insight_parcel_categories" (
	"parcel_id" integer PRIMARY KEY NOT NULL,
	"categories" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_station_figures" (
	"promotion_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"surfaces" integer NOT NULL,
	"photographed" integer NOT NULL,
	CONSTRAINT "insight_station_figures_promotion_id_category_id_station_id_pk" PRIMARY KEY("promotion_id","category_id","station_id")
);
--> statement-breakpoint
ALTER TABLE "insight_design_amounts" ADD CONSTRAINT "insight_design_amounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_design_amounts" ADD CONSTRAINT "insight_design_amounts_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_design_steps" ADD CONSTRAINT "insight_design_steps_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_parcel_categories" ADD CONSTRAINT "insight_parcel_categories_parcel_id_distributor_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."distributor_parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ADD CONSTRAINT "insight_station_figures_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_station_figures" ADD CONSTRAINT "insight_station_figures_station_id_users_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_design_amounts_promotion_idx" ON "insight_design_amounts" USING btree ("promotion_id","all_groups","station_group");
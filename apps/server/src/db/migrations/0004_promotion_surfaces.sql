CREATE TABLE "promotion_surface_designs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_surface_designs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"surface_id" integer NOT NULL,
	"design_id" integer NOT NULL,
	"designer_id" integer,
	"status" text DEFAULT 'Created' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"text_italic" text DEFAULT '' NOT NULL,
	"ean_more" text DEFAULT '' NOT NULL,
	"promotional_offer" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"supplier_discount" text DEFAULT '' NOT NULL,
	"plu_scan" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"additional_description" text DEFAULT '' NOT NULL,
	"need_for_price" boolean DEFAULT false NOT NULL,
	"not_for_printing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psd_status_check" CHECK ("promotion_surface_designs"."status" in ('Created','Brief','Correction','Approved','Completed','Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "promotion_surfaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_surfaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"surface_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_surface_designs" ADD CONSTRAINT "promotion_surface_designs_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_surface_designs" ADD CONSTRAINT "promotion_surface_designs_surface_id_surfaces_id_fk" FOREIGN KEY ("surface_id") REFERENCES "public"."surfaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_surface_designs" ADD CONSTRAINT "promotion_surface_designs_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_surface_designs" ADD CONSTRAINT "promotion_surface_designs_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_surfaces" ADD CONSTRAINT "promotion_surfaces_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_surfaces" ADD CONSTRAINT "promotion_surfaces_surface_id_surfaces_id_fk" FOREIGN KEY ("surface_id") REFERENCES "public"."surfaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "psd_promotion_surface_idx" ON "promotion_surface_designs" USING btree ("promotion_id","surface_id");--> statement-breakpoint
CREATE INDEX "psd_design_idx" ON "promotion_surface_designs" USING btree ("design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_surfaces_unique" ON "promotion_surfaces" USING btree ("promotion_id","surface_id");--> statement-breakpoint
CREATE INDEX "promotion_surfaces_surface_idx" ON "promotion_surfaces" USING btree ("surface_id");
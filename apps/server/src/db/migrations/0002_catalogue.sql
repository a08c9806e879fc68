CREATE TABLE "designs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"parent_id" integer,
	"variant" text DEFAULT 'upload' NOT NULL,
	"owner_table" text,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_variant_check" CHECK ("files"."variant" in ('upload','original','w_500','w_200'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"vendor_code" bigint NOT NULL,
	"ean" bigint NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category" text NOT NULL,
	"manufacturer" text NOT NULL,
	"main_last_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"provider_name" text NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"container_deposit" integer DEFAULT 0 NOT NULL,
	"price_per_item" numeric(12, 2) DEFAULT '0' NOT NULL,
	"item_plan_bu_grp" text NOT NULL,
	"locally_owned" text NOT NULL,
	"selling_type" text NOT NULL,
	"provider_item_ean" text NOT NULL,
	"provider_item_name" text NOT NULL,
	"provider_item_pack_qty" integer DEFAULT 0 NOT NULL,
	"provider_item_vendor_code" text NOT NULL,
	"latest_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_ean_unique" UNIQUE("ean"),
	CONSTRAINT "products_codes_check" CHECK ("products"."vendor_code" >= 0 and "products"."ean" >= 0 and "products"."tax" >= 0 and "products"."container_deposit" >= 0 and "products"."provider_item_pack_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "surface_categories" (
	"surface_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "surface_categories_surface_id_category_id_pk" PRIMARY KEY("surface_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "surface_sizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surface_sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surface_sizes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "surface_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surface_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surface_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "surfaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surfaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_code" bigint NOT NULL,
	"name" text NOT NULL,
	"type_surface" text DEFAULT '' NOT NULL,
	"size_surface" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"divided_bool" boolean DEFAULT true NOT NULL,
	"status" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"printer_id" integer,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surfaces_vendor_code_unique" UNIQUE("vendor_code"),
	CONSTRAINT "surfaces_vendor_code_check" CHECK ("surfaces"."vendor_code" >= 0),
	CONSTRAINT "surfaces_status_check" CHECK ("surfaces"."status" <@ array[0,1,2]),
	CONSTRAINT "surfaces_price_check" CHECK ("surfaces"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_parent_id_files_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surface_categories" ADD CONSTRAINT "surface_categories_surface_id_surfaces_id_fk" FOREIGN KEY ("surface_id") REFERENCES "public"."surfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surface_categories" ADD CONSTRAINT "surface_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surfaces" ADD CONSTRAINT "surfaces_printer_id_users_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surfaces" ADD CONSTRAINT "surfaces_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "designs_name_idx" ON "designs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "designs_category_idx" ON "designs" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_table","owner_id");--> statement-breakpoint
CREATE INDEX "files_parent_idx" ON "files" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_vendor_code_idx" ON "products" USING btree ("vendor_code");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","sub_category");--> statement-breakpoint
CREATE INDEX "products_sub_category_idx" ON "products" USING btree ("sub_category");--> statement-breakpoint
CREATE INDEX "products_provider_idx" ON "products" USING btree ("provider_name");--> statement-breakpoint
CREATE INDEX "products_manufacturer_idx" ON "products" USING btree ("manufacturer");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_per_item");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_provider_trgm" ON "products" USING gin ("provider_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_manufacturer_trgm" ON "products" USING gin ("manufacturer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surface_categories_category_idx" ON "surface_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "surfaces_name_idx" ON "surfaces" USING btree ("name");--> statement-breakpoint
CREATE INDEX "surfaces_type_idx" ON "surfaces" USING btree ("type_surface");--> statement-breakpoint
CREATE INDEX "surfaces_size_idx" ON "surfaces" USING btree ("size_surface");--> statement-breakpoint
CREATE INDEX "surfaces_printer_idx" ON "surfaces" USING btree ("printer_id");--> statement-breakpoint
CREATE INDEX "surfaces_name_trgm" ON "surfaces" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surfaces_description_trgm" ON "surfaces" USING gin ("description" gin_trgm_ops);
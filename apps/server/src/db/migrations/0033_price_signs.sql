CREATE TABLE "sign_template_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"design_id" integer NOT NULL,
	"version" integer NOT NULL,
	"layout" jsonb NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_template_versions_version_check" CHECK ("sign_template_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sign_templates" (
	"design_id" integer PRIMARY KEY NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_templates_version_check" CHECK ("sign_templates"."current_version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "signs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"psd_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_ore" integer NOT NULL,
	"previous_price_ore" integer,
	"valid_to" date,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signs_price_check" CHECK ("signs"."price_ore" > 0 and ("signs"."previous_price_ore" is null or "signs"."previous_price_ore" > 0))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_quantity" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_unit" text;--> statement-breakpoint
ALTER TABLE "promotion_surface_designs" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sign_template_version" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sign_count" integer;--> statement-breakpoint
ALTER TABLE "sign_template_versions" ADD CONSTRAINT "sign_template_versions_design_id_sign_templates_design_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."sign_templates"("design_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_template_versions" ADD CONSTRAINT "sign_template_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_templates" ADD CONSTRAINT "sign_templates_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signs" ADD CONSTRAINT "signs_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signs" ADD CONSTRAINT "signs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_template_versions_unique" ON "sign_template_versions" USING btree ("design_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "signs_position_unique" ON "signs" USING btree ("psd_id","position");--> statement-breakpoint
CREATE INDEX "signs_product_idx" ON "signs" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "promotion_surface_designs" ADD CONSTRAINT "psd_template_version_fk" FOREIGN KEY ("design_id","template_version") REFERENCES "public"."sign_template_versions"("design_id","version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_quantity_check" CHECK (("products"."net_quantity" is null) = ("products"."net_unit" is null) and ("products"."net_quantity" is null or "products"."net_quantity" > 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_unit_check" CHECK ("products"."net_unit" is null or "products"."net_unit" in ('g', 'kg', 'ml', 'l', 'stk'));
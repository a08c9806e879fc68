CREATE TABLE "file_pin_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_pin_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pin_id" integer NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_pins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_pins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"number" integer NOT NULL,
	"author_id" integer,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision,
	"height" double precision,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_pins_status_check" CHECK ("file_pins"."status" in ('open', 'resolved')),
	CONSTRAINT "file_pins_point_check" CHECK ("file_pins"."x" >= 0 and "file_pins"."x" <= 1 and "file_pins"."y" >= 0 and "file_pins"."y" <= 1),
	CONSTRAINT "file_pins_area_check" CHECK (("file_pins"."width" is null and "file_pins"."height" is null) or ("file_pins"."width" > 0 and "file_pins"."height" > 0 and "file_pins"."x" + "file_pins"."width" <= 1 and "file_pins"."y" + "file_pins"."height" <= 1))
);
--> statement-breakpoint
CREATE TABLE "file_preflights" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"surface_size" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_preflights_status_check" CHECK ("file_preflights"."status" in ('pending', 'ok', 'warnings', 'errors', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "surface_size_unit" text DEFAULT 'cm' NOT NULL;--> statement-breakpoint
ALTER TABLE "file_pin_replies" ADD CONSTRAINT "file_pin_replies_pin_id_file_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."file_pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_pin_replies" ADD CONSTRAINT "file_pin_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_pins" ADD CONSTRAINT "file_pins_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_pins" ADD CONSTRAINT "file_pins_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_pins" ADD CONSTRAINT "file_pins_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_pins" ADD CONSTRAINT "file_pins_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_preflights" ADD CONSTRAINT "file_preflights_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_pin_replies_pin_idx" ON "file_pin_replies" USING btree ("pin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_pins_number_unique" ON "file_pins" USING btree ("message_id","number");--> statement-breakpoint
CREATE INDEX "file_pins_chat_idx" ON "file_pins" USING btree ("chat_id","status");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_replaced_by_id_chat_messages_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_size_unit_check" CHECK ("system_settings"."surface_size_unit" in ('cm', 'mm'));
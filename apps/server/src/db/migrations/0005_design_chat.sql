CREATE TABLE "brief_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brief_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"psd_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brief_products" (
	"psd_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brief_products_psd_id_product_id_pk" PRIMARY KEY("psd_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"sender_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"file_name" text DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"type_extension" text DEFAULT '' NOT NULL,
	"type_file" text DEFAULT '' NOT NULL,
	"comment_mess_id" integer,
	"update_message" boolean DEFAULT false NOT NULL,
	"delete_message" boolean DEFAULT false NOT NULL,
	"rating_file" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_type_extension_check" CHECK ("chat_messages"."type_extension" in ('', 'image', 'document')),
	CONSTRAINT "chat_messages_type_file_check" CHECK ("chat_messages"."type_file" in ('', 'Sketch', 'HQ', 'LQ')),
	CONSTRAINT "chat_messages_rating_check" CHECK ("chat_messages"."rating_file" is null or "chat_messages"."rating_file" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"psd_id" integer NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "brief_files" ADD CONSTRAINT "brief_files_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_files" ADD CONSTRAINT "brief_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_files" ADD CONSTRAINT "brief_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_products" ADD CONSTRAINT "brief_products_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_products" ADD CONSTRAINT "brief_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brief_files_psd_idx" ON "brief_files" USING btree ("psd_id");--> statement-breakpoint
CREATE INDEX "brief_products_product_idx" ON "brief_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_number_unique" ON "chat_messages" USING btree ("chat_id","message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_live_file_idx" ON "chat_messages" USING btree ("chat_id","type_file","type_extension");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_psd_unique" ON "chats" USING btree ("psd_id");--> statement-breakpoint
CREATE INDEX "message_reads_user_idx" ON "message_reads" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "chats" ("psd_id") SELECT "id" FROM "promotion_surface_designs";

CREATE TABLE "file_reviews" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"psd_id" integer NOT NULL,
	"type_file" text NOT NULL,
	"stage_id" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"stage_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_reviews_state_check" CHECK ("file_reviews"."state" in ('open', 'changes_requested', 'approved', 'replaced')),
	CONSTRAINT "file_reviews_type_check" CHECK ("file_reviews"."type_file" in ('Sketch', 'HQ', 'LQ'))
);
--> statement-breakpoint
CREATE TABLE "review_decision_pins" (
	"decision_id" integer NOT NULL,
	"pin_id" integer NOT NULL,
	CONSTRAINT "review_decision_pins_decision_id_pin_id_pk" PRIMARY KEY("decision_id","pin_id")
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"stage_id" integer,
	"stage_name" text NOT NULL,
	"reviewer_id" integer,
	"decided_by_id" integer,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_decisions_decision_check" CHECK ("review_decisions"."decision" in ('approve', 'changes', 'skip'))
);
--> statement-breakpoint
CREATE TABLE "review_flows" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_stage_users" (
	"stage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "review_stage_users_stage_id_user_id_pk" PRIMARY KEY("stage_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"due_milestone" text NOT NULL,
	"due_offset_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_stages_rule_check" CHECK ("review_stages"."rule" in ('any', 'all')),
	CONSTRAINT "review_stages_milestone_check" CHECK ("review_stages"."due_milestone" in ('brief', 'designs_complete', 'sent_to_printers', 'printed', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "design_status_changes" DROP CONSTRAINT "design_status_changes_cause_check";--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "review_flow" jsonb DEFAULT '[{"name":"Kategorisjef","rule":"any","roles":["category_manager","cm-admin"],"user_ids":[],"due_milestone":"designs_complete","due_offset_days":0}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_stage_id_review_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."review_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decision_pins" ADD CONSTRAINT "review_decision_pins_decision_id_review_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."review_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decision_pins" ADD CONSTRAINT "review_decision_pins_pin_id_file_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."file_pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_message_id_file_reviews_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."file_reviews"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_stage_id_review_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."review_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flows" ADD CONSTRAINT "review_flows_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flows" ADD CONSTRAINT "review_flows_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_users" ADD CONSTRAINT "review_stage_users_stage_id_review_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."review_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_users" ADD CONSTRAINT "review_stage_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stages" ADD CONSTRAINT "review_stages_promotion_id_review_flows_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."review_flows"("promotion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_reviews_psd_idx" ON "file_reviews" USING btree ("psd_id","type_file");--> statement-breakpoint
CREATE INDEX "file_reviews_open_stage_idx" ON "file_reviews" USING btree ("stage_id") WHERE "file_reviews"."state" = 'open';--> statement-breakpoint
CREATE INDEX "review_decisions_message_idx" ON "review_decisions" USING btree ("message_id","stage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_decisions_one_per_reviewer" ON "review_decisions" USING btree ("message_id","stage_id","reviewer_id") WHERE "review_decisions"."reviewer_id" is not null;--> statement-breakpoint
CREATE INDEX "review_stage_users_user_idx" ON "review_stage_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_stages_promotion_idx" ON "review_stages" USING btree ("promotion_id","position");--> statement-breakpoint
ALTER TABLE "design_status_changes" ADD CONSTRAINT "design_status_changes_cause_check" CHECK ("design_status_changes"."cause" in ('edit', 'rating', 'review'));
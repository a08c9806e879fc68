CREATE TABLE "sign_generations" (
	"psd_id" integer PRIMARY KEY NOT NULL,
	"claim" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sign_digest" text;--> statement-breakpoint
ALTER TABLE "sign_generations" ADD CONSTRAINT "sign_generations_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;
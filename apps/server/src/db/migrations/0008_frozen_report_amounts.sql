CREATE TABLE "print_report_amounts" (
	"promotion_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"psd_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "print_report_amounts_promotion_id_station_id_psd_id_pk" PRIMARY KEY("promotion_id","station_id","psd_id"),
	CONSTRAINT "print_report_amounts_amount_check" CHECK ("print_report_amounts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "print_report_amounts" ADD CONSTRAINT "print_report_amounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_report_amounts" ADD CONSTRAINT "print_report_amounts_station_id_users_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_report_amounts" ADD CONSTRAINT "print_report_amounts_psd_id_promotion_surface_designs_id_fk" FOREIGN KEY ("psd_id") REFERENCES "public"."promotion_surface_designs"("id") ON DELETE cascade ON UPDATE no action;
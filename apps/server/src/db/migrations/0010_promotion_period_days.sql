-- A period is two calendar days in Oslo (decision 012): each stored instant becomes the day it was in Oslo.
ALTER TABLE "promotions" ALTER COLUMN "period_from" SET DATA TYPE date USING ("period_from" AT TIME ZONE 'Europe/Oslo')::date;--> statement-breakpoint
ALTER TABLE "promotions" ALTER COLUMN "period_to" SET DATA TYPE date USING ("period_to" AT TIME ZONE 'Europe/Oslo')::date;

ALTER TABLE "daily_delivery_times" ALTER COLUMN "seconds" SET DATA TYPE numeric(12, 1);--> statement-breakpoint
-- data statements
-- The times kept so far were rounded to the nearest second: every day is added up again at the next look.
DELETE FROM "daily_figures_days";

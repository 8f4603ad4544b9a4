ALTER TABLE "sign_in_failures" RENAME TO "attempt_counts";--> statement-breakpoint
ALTER TABLE "attempt_counts" RENAME CONSTRAINT "sign_in_failures_pkey" TO "attempt_counts_pkey";
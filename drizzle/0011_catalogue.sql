CREATE TABLE "disabled_operators" (
	"provider" text NOT NULL,
	"operator_id" integer NOT NULL,
	"country_iso" text NOT NULL,
	"operator_name" text NOT NULL,
	"reason" text NOT NULL,
	"disabled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "disabled_operators_provider_operator_id_pk" PRIMARY KEY("provider","operator_id")
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "disabled_operators_country_idx" ON "disabled_operators" USING btree ("provider","country_iso");
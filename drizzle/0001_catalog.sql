CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso_name" text NOT NULL,
	"name" text NOT NULL,
	"currency_code" text NOT NULL,
	"calling_codes" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_prefixes" (
	"country_iso" text NOT NULL,
	"prefix" text NOT NULL,
	"operator_id" integer NOT NULL,
	CONSTRAINT "operator_prefixes_country_iso_prefix_pk" PRIMARY KEY("country_iso","prefix")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_iso" text NOT NULL,
	"name" text NOT NULL,
	"denomination_type" text NOT NULL,
	"min_amount_cents" integer,
	"max_amount_cents" integer,
	"amounts_cents" jsonb NOT NULL,
	"destination_currency_code" text NOT NULL,
	"fx_rate" numeric(20, 6) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso_name_unique" ON "countries" USING btree ("iso_name");
--> statement-breakpoint
CREATE UNIQUE INDEX "operators_country_name_unique" ON "operators" USING btree ("country_iso","name");
--> statement-breakpoint
ALTER TABLE "operator_prefixes" ADD CONSTRAINT "operator_prefixes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_country_iso_countries_iso_name_fk" FOREIGN KEY ("country_iso") REFERENCES "public"."countries"("iso_name") ON DELETE no action ON UPDATE no action;
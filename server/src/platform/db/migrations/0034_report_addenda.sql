CREATE TABLE "report_addendum" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"rpt_pk" bigint NOT NULL,
	"version_pk" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"text" text NOT NULL,
	"author" varchar(64) DEFAULT '' NOT NULL,
	"author_pk" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_addendum" ADD CONSTRAINT "report_addendum_rpt_pk_report_rpt_pk_fk" FOREIGN KEY ("rpt_pk") REFERENCES "public"."report"("rpt_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_addendum" ADD CONSTRAINT "report_addendum_version_pk_report_version_pk_fk" FOREIGN KEY ("version_pk") REFERENCES "public"."report_version"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_addendum_seq_idx" ON "report_addendum" USING btree ("rpt_pk","seq");--> statement-breakpoint
CREATE INDEX "report_addendum_version_idx" ON "report_addendum" USING btree ("version_pk");
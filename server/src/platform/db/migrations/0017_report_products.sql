CREATE TABLE "report_job" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"rpt_pk" bigint NOT NULL,
	"version_pk" bigint NOT NULL,
	"report_version" integer NOT NULL,
	"actor_pk" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "delivery_status" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_version" ADD COLUMN "pdf_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "report_job" ADD CONSTRAINT "report_job_rpt_pk_report_rpt_pk_fk" FOREIGN KEY ("rpt_pk") REFERENCES "public"."report"("rpt_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_job" ADD CONSTRAINT "report_job_version_pk_report_version_pk_fk" FOREIGN KEY ("version_pk") REFERENCES "public"."report_version"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_job_kind_version_uq" ON "report_job" USING btree ("kind","version_pk");--> statement-breakpoint
CREATE INDEX "report_job_due_idx" ON "report_job" USING btree ("next_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "report_job_rpt_idx" ON "report_job" USING btree ("rpt_pk");
CREATE TABLE "critical_result" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"rpt_pk" bigint NOT NULL,
	"study_pk" bigint NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"department" varchar(64) DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"set_by_pk" integer,
	"set_by_name" varchar(64) DEFAULT '' NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"notified" integer DEFAULT 0 NOT NULL,
	"ack_by_pk" integer,
	"ack_by_name" varchar(64) DEFAULT '' NOT NULL,
	"ack_at" timestamp with time zone,
	"ack_note" varchar(256) DEFAULT '' NOT NULL,
	"escalated_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "critical_result" ADD CONSTRAINT "critical_result_rpt_pk_report_rpt_pk_fk" FOREIGN KEY ("rpt_pk") REFERENCES "public"."report"("rpt_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_result" ADD CONSTRAINT "critical_result_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "critical_result_open_idx" ON "critical_result" USING btree ("hospital_code","status","set_at");--> statement-breakpoint
CREATE INDEX "critical_result_rpt_idx" ON "critical_result" USING btree ("rpt_pk");--> statement-breakpoint
-- Critical values set before this version: in the loop, waiting for an acknowledgement, counted as escalated
-- already (so the first sweep does not push them all at once).
INSERT INTO "critical_result" ("rpt_pk", "study_pk", "hospital_code", "department", "text", "set_by_name", "set_at", "escalated_at")
SELECT r."rpt_pk", r."study_pk", s."hospital_code", coalesce(s."department", ''), r."danger_val", r."report_doctor",
  coalesce(r."report_datetime", s."study_datetime"), now()
FROM "report" r JOIN "study" s ON s."pk" = r."study_pk"
WHERE r."is_critical" = 1;

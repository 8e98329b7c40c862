ALTER TABLE "report_job" ALTER COLUMN "version_pk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_job" ADD COLUMN "critical_pk" bigint;--> statement-breakpoint
ALTER TABLE "report_job" ADD CONSTRAINT "report_job_critical_pk_critical_result_pk_fk" FOREIGN KEY ("critical_pk") REFERENCES "public"."critical_result"("pk") ON DELETE cascade ON UPDATE no action;
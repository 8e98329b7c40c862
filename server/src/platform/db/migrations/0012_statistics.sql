CREATE INDEX "report_datetime_idx" ON "report" USING btree ("report_datetime");--> statement-breakpoint
CREATE INDEX "report_sh_datetime_idx" ON "report" USING btree ("sh_datetime");
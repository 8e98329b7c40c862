CREATE TABLE "patient_lookup_miss" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"target_hash" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "lookup_code" varchar(16) DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10)) NOT NULL;--> statement-breakpoint
CREATE INDEX "patient_lookup_miss_target_idx" ON "patient_lookup_miss" USING btree ("target_hash","at");--> statement-breakpoint
CREATE INDEX "patient_lookup_miss_hospital_idx" ON "patient_lookup_miss" USING btree ("hospital_code","at");
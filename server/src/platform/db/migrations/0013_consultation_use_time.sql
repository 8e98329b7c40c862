CREATE TABLE "consultation" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"study_iuid" varchar(64) DEFAULT '' NOT NULL,
	"disciplines" smallint NOT NULL,
	"subject" varchar(256) DEFAULT '' NOT NULL,
	"consult_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_disciplines_check" CHECK ("consultation"."disciplines" >= 1)
);
--> statement-breakpoint
CREATE TABLE "use_time" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"study_iuid" varchar(64) NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"user_pk" integer NOT NULL,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"first_ms" integer NOT NULL,
	"total_ms" integer NOT NULL,
	"images" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consultation_hospital_time_idx" ON "consultation" USING btree ("hospital_code","consult_time");--> statement-breakpoint
CREATE INDEX "use_time_create_time_idx" ON "use_time" USING btree ("create_time");--> statement-breakpoint
-- File download time (/useTime) is the super administrator's (monitor:useTime, like the password error list):
-- installations seeded before this migration held it under stats:view for every statistics role.
UPDATE "permission" SET "perms" = 'monitor:useTime' WHERE "key" = 'statsUseTime';--> statement-breakpoint
DELETE FROM "role_permission" WHERE "role_pk" <> 1 AND "permission_pk" IN (SELECT "pk" FROM "permission" WHERE "key" = 'statsUseTime');

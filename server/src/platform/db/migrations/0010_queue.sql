CREATE TABLE "call_device" (
	"pk" serial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"department" varchar(64) DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"key_hash" varchar(64) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_device_room" (
	"device_pk" integer NOT NULL,
	"room_pk" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_device_room_device_pk_room_pk_pk" PRIMARY KEY("device_pk","room_pk")
);
--> statement-breakpoint
CREATE TABLE "call_room" (
	"pk" serial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"room_name" varchar(32) NOT NULL,
	"doctor" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_counter" (
	"hospital_code" varchar(32) NOT NULL,
	"call_room" varchar(32) NOT NULL,
	"queue_day" date NOT NULL,
	"last_no" integer NOT NULL,
	CONSTRAINT "queue_counter_hospital_code_call_room_queue_day_pk" PRIMARY KEY("hospital_code","call_room","queue_day")
);
--> statement-breakpoint
CREATE TABLE "registration" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"study_pk" bigint NOT NULL,
	"pat_id" varchar(64) NOT NULL,
	"pat_name" varchar(64) NOT NULL,
	"patient_sex" varchar(1) DEFAULT '' NOT NULL,
	"patient_age" varchar(16) DEFAULT '' NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"call_room" varchar(32) DEFAULT '' NOT NULL,
	"call_no" integer,
	"state" varchar(16) NOT NULL,
	"doctor" varchar(64) DEFAULT '' NOT NULL,
	"sq_doctor" varchar(64) DEFAULT '' NOT NULL,
	"top_time" timestamp with time zone,
	"call_count" integer DEFAULT 0 NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"queue_day" date NOT NULL,
	"register_time" timestamp with time zone DEFAULT now() NOT NULL,
	"number_time" timestamp with time zone,
	"call_time" timestamp with time zone,
	"pass_time" timestamp with time zone,
	"check_time" timestamp with time zone,
	"complete_time" timestamp with time zone,
	"abandon_time" timestamp with time zone,
	"create_user" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_device_room" ADD CONSTRAINT "call_device_room_device_pk_call_device_pk_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."call_device"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_device_room" ADD CONSTRAINT "call_device_room_room_pk_call_room_pk_fk" FOREIGN KEY ("room_pk") REFERENCES "public"."call_room"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_device_hosp_idx" ON "call_device" USING btree ("hospital_code");--> statement-breakpoint
CREATE INDEX "call_device_room_room_idx" ON "call_device_room" USING btree ("room_pk");--> statement-breakpoint
CREATE UNIQUE INDEX "call_room_hosp_name_idx" ON "call_room" USING btree ("hospital_code","room_name");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_room_day_no_idx" ON "registration" USING btree ("hospital_code","call_room","queue_day","call_no") WHERE "registration"."call_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_active_patient_idx" ON "registration" USING btree ("hospital_code","queue_day","pat_id") WHERE "registration"."is_del" = 0 and "registration"."state" in ('registered', 'number_taken', 'called', 'passed', 'checking');--> statement-breakpoint
CREATE INDEX "registration_hosp_day_room_idx" ON "registration" USING btree ("hospital_code","queue_day","call_room");--> statement-breakpoint
CREATE INDEX "registration_study_idx" ON "registration" USING btree ("study_pk");
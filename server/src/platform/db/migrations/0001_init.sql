CREATE TABLE "hospital" (
	"pk" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"address" varchar(256) DEFAULT '' NOT NULL,
	"note" varchar(512) DEFAULT '' NOT NULL,
	"title1" varchar(128) DEFAULT '' NOT NULL,
	"title2" varchar(128) DEFAULT '' NOT NULL,
	"logo" varchar(512) DEFAULT '' NOT NULL,
	"sign" varchar(512) DEFAULT '' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"is_return" smallint DEFAULT 0 NOT NULL,
	"accept_wx_msg" smallint DEFAULT 0 NOT NULL,
	"use_obs" smallint DEFAULT 0 NOT NULL,
	"use_obs_download" smallint DEFAULT 0 NOT NULL,
	"show_parts" smallint DEFAULT 0 NOT NULL,
	"head" varchar(512) DEFAULT '' NOT NULL,
	"download_limit" integer DEFAULT 0 NOT NULL,
	"qrcode_type" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "hospital_sn_unique" UNIQUE("sn"),
	CONSTRAINT "hospital_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"pk" serial PRIMARY KEY NOT NULL,
	"parent_pk" integer,
	"key" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_en" varchar(64) NOT NULL,
	"path" varchar(128) DEFAULT '' NOT NULL,
	"icon" varchar(64) DEFAULT '' NOT NULL,
	"perms" varchar(128) DEFAULT '' NOT NULL,
	"menu_type" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	CONSTRAINT "permission_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"pk" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_en" varchar(64) DEFAULT '' NOT NULL,
	"note" varchar(256) DEFAULT '' NOT NULL,
	CONSTRAINT "role_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_pk" integer NOT NULL,
	"permission_pk" integer NOT NULL,
	CONSTRAINT "role_permission_role_pk_permission_pk_pk" PRIMARY KEY("role_pk","permission_pk")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"pk" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"openid" varchar(128) DEFAULT '' NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" varchar(256) NOT NULL,
	"ch_name" varchar(64) DEFAULT '' NOT NULL,
	"en_name" varchar(64) DEFAULT '' NOT NULL,
	"gender" varchar(8) DEFAULT '' NOT NULL,
	"birthday" varchar(10) DEFAULT '' NOT NULL,
	"id_number" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(128) DEFAULT '' NOT NULL,
	"department" varchar(64) DEFAULT '' NOT NULL,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"role_pk" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sign" varchar(512) DEFAULT '' NOT NULL,
	"head_photo" varchar(512) DEFAULT '' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"lock_num" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"usb_key" varchar(256) DEFAULT '' NOT NULL,
	"bind_rpt_doctor" varchar(64) DEFAULT '' NOT NULL,
	"bind_sh_doctor" varchar(64) DEFAULT '' NOT NULL,
	"data1" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data2" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"layout" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"update_password_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "sys_user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pwd_error" (
	"username" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_pk" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(256) DEFAULT '' NOT NULL,
	CONSTRAINT "session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "collection" (
	"user_pk" integer NOT NULL,
	"study_pk" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_user_pk_study_pk_pk" PRIMARY KEY("user_pk","study_pk")
);
--> statement-breakpoint
CREATE TABLE "quality_record" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"study_iuid" varchar(64) NOT NULL,
	"image_quality" smallint,
	"image_score" numeric(5, 2),
	"image_remark" varchar(512) DEFAULT '' NOT NULL,
	"report_quality" smallint,
	"report_score" numeric(5, 2),
	"report_remark" varchar(512) DEFAULT '' NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"create_user" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report" (
	"rpt_pk" bigserial PRIMARY KEY NOT NULL,
	"study_pk" bigint NOT NULL,
	"rpt_position" smallint DEFAULT 1 NOT NULL,
	"rpt_status" smallint DEFAULT 0 NOT NULL,
	"rpt_good_status" smallint,
	"rpt_model_id" varchar(64) DEFAULT '' NOT NULL,
	"rpt_detail" jsonb,
	"report_text1" text DEFAULT '' NOT NULL,
	"report_text2" text DEFAULT '' NOT NULL,
	"data3" text DEFAULT '' NOT NULL,
	"report_datetime" timestamp with time zone,
	"report_doctor" varchar(64) DEFAULT '' NOT NULL,
	"report_doctor_uuid" varchar(64) DEFAULT '' NOT NULL,
	"bind_rpt_user" varchar(64) DEFAULT '' NOT NULL,
	"sh_doctor" varchar(64) DEFAULT '' NOT NULL,
	"sh_datetime" timestamp with time zone,
	"sign" varchar(512) DEFAULT '' NOT NULL,
	"print_status" smallint DEFAULT 0 NOT NULL,
	"image_quality" smallint,
	"danger_val" text DEFAULT '' NOT NULL,
	"is_critical" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_version" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"rpt_pk" bigint NOT NULL,
	"rpt_model_id" varchar(64) DEFAULT '' NOT NULL,
	"rpt_position" smallint NOT NULL,
	"rpt_status" smallint NOT NULL,
	"save_user" varchar(64) DEFAULT '' NOT NULL,
	"createtime" timestamp with time zone DEFAULT now() NOT NULL,
	"texts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"study_iuid" varchar(64) NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"patient_id" varchar(64) DEFAULT '' NOT NULL,
	"patient_name" varchar(64) DEFAULT '' NOT NULL,
	"patient_sex" varchar(1) DEFAULT '' NOT NULL,
	"patient_age" varchar(16) DEFAULT '' NOT NULL,
	"patient_type" smallint,
	"accession_no" varchar(64) DEFAULT '' NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"study_desc" varchar(512) DEFAULT '' NOT NULL,
	"study_desc_value" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"study_datetime" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"card_no" varchar(64) DEFAULT '' NOT NULL,
	"patient_phone" varchar(32) DEFAULT '' NOT NULL,
	"department" varchar(64) DEFAULT '' NOT NULL,
	"bed_no" varchar(32) DEFAULT '' NOT NULL,
	"price" numeric(10, 2),
	"scan_mode" varchar(64) DEFAULT '' NOT NULL,
	"study_department" varchar(64) DEFAULT '' NOT NULL,
	"diagnosis" varchar(1024) DEFAULT '' NOT NULL,
	"note" varchar(1024) DEFAULT '' NOT NULL,
	"infection_note" varchar(256) DEFAULT '' NOT NULL,
	"sq_doctor" varchar(64) DEFAULT '' NOT NULL,
	"study_style" varchar(64) DEFAULT '' NOT NULL,
	"parts_count" integer DEFAULT 1 NOT NULL,
	"secord_study" smallint DEFAULT 0 NOT NULL,
	"has_dicom_file" smallint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"efilm_state" smallint DEFAULT 0 NOT NULL,
	"picture_state" smallint DEFAULT 0 NOT NULL,
	"use_qc" smallint DEFAULT 0 NOT NULL,
	"can_report" smallint DEFAULT 1 NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"del_image" smallint DEFAULT 0 NOT NULL,
	"lock_status" varchar(64) DEFAULT '' NOT NULL,
	"lock_user_pk" integer,
	"lock_time" timestamp with time zone,
	CONSTRAINT "study_study_iuid_unique" UNIQUE("study_iuid")
);
--> statement-breakpoint
CREATE TABLE "app" (
	"pk" serial PRIMARY KEY NOT NULL,
	"app_name" varchar(64) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"client_secret" varchar(128) NOT NULL,
	"server_url" varchar(512) DEFAULT '' NOT NULL,
	"remark" varchar(126) DEFAULT '' NOT NULL,
	"create_name" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_name" varchar(64) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone,
	"group_logo" varchar(512) DEFAULT '' NOT NULL,
	"group_favicon" varchar(512) DEFAULT '' NOT NULL,
	CONSTRAINT "app_app_name_unique" UNIQUE("app_name"),
	CONSTRAINT "app_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "device" (
	"pk" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"aet" varchar(16) NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"ip" varchar(64) NOT NULL,
	"port" integer NOT NULL,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict" (
	"pk" serial PRIMARY KEY NOT NULL,
	"parent_pk" integer,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128) DEFAULT '' NOT NULL,
	"value" varchar(256) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_item" (
	"scanp_id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) DEFAULT '' NOT NULL,
	"description" varchar(64) NOT NULL,
	"modality" varchar(16) NOT NULL,
	"cost" numeric(10, 2) DEFAULT '0' NOT NULL,
	"other_price" numeric(10, 2),
	"partnum" integer DEFAULT 1 NOT NULL,
	"coefficient" integer DEFAULT 1 NOT NULL,
	"custom_code" varchar(64) DEFAULT '' NOT NULL,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"en" varchar(128) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"pk" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"description" varchar(256) DEFAULT '' NOT NULL,
	"type" varchar(32) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "sys_config_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"user_pk" integer,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(64) NOT NULL,
	"target" varchar(128) DEFAULT '' NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16),
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_pk_role_pk_fk" FOREIGN KEY ("role_pk") REFERENCES "public"."role"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_pk_permission_pk_fk" FOREIGN KEY ("permission_pk") REFERENCES "public"."permission"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_role_pk_role_pk_fk" FOREIGN KEY ("role_pk") REFERENCES "public"."role"("pk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection" ADD CONSTRAINT "collection_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection" ADD CONSTRAINT "collection_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_version" ADD CONSTRAINT "report_version_rpt_pk_report_rpt_pk_fk" FOREIGN KEY ("rpt_pk") REFERENCES "public"."report"("rpt_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_user_hospital_idx" ON "sys_user" USING btree ("hospital_code");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_pk");--> statement-breakpoint
CREATE UNIQUE INDEX "report_study_position_idx" ON "report" USING btree ("study_pk","rpt_position");--> statement-breakpoint
CREATE INDEX "report_status_idx" ON "report" USING btree ("rpt_status");--> statement-breakpoint
CREATE INDEX "report_version_rpt_idx" ON "report_version" USING btree ("rpt_pk");--> statement-breakpoint
CREATE INDEX "study_hosp_create_idx" ON "study" USING btree ("hospital_code","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_hosp_mod_dt_idx" ON "study" USING btree ("hospital_code","modality","study_datetime" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_create_idx" ON "study" USING btree ("create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_patient_id_idx" ON "study" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "study_accession_idx" ON "study" USING btree ("accession_no");--> statement-breakpoint
CREATE INDEX "study_card_no_idx" ON "study" USING btree ("card_no");--> statement-breakpoint
CREATE INDEX "study_phone_idx" ON "study" USING btree ("patient_phone");--> statement-breakpoint
CREATE INDEX "study_patient_name_trgm_idx" ON "study" USING gin ("patient_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("time");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target");
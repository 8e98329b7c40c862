CREATE TABLE "instance" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"study_pk" bigint NOT NULL,
	"series_pk" bigint NOT NULL,
	"sop_iuid" varchar(64) NOT NULL,
	"sop_class_uid" varchar(64) DEFAULT '' NOT NULL,
	"instance_number" integer,
	"transfer_syntax" varchar(64) DEFAULT '' NOT NULL,
	"frame_count" integer DEFAULT 1 NOT NULL,
	"rows" integer,
	"cols" integer,
	"size_bytes" bigint NOT NULL,
	"storage_key" varchar(256) NOT NULL,
	"del_image" smallint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_sop_iuid_unique" UNIQUE("sop_iuid")
);
--> statement-breakpoint
CREATE TABLE "series" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"study_pk" bigint NOT NULL,
	"series_iuid" varchar(64) NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"series_number" integer,
	"series_desc" varchar(256) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_series_iuid_unique" UNIQUE("series_iuid")
);
--> statement-breakpoint
CREATE TABLE "viewer_token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_pk" bigint NOT NULL,
	"study_pk" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "file_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instance" ADD CONSTRAINT "instance_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance" ADD CONSTRAINT "instance_series_pk_series_pk_fk" FOREIGN KEY ("series_pk") REFERENCES "public"."series"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_token" ADD CONSTRAINT "viewer_token_session_pk_session_pk_fk" FOREIGN KEY ("session_pk") REFERENCES "public"."session"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_token" ADD CONSTRAINT "viewer_token_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instance_study_idx" ON "instance" USING btree ("study_pk","del_image");--> statement-breakpoint
CREATE INDEX "instance_series_idx" ON "instance" USING btree ("series_pk","instance_number");--> statement-breakpoint
CREATE INDEX "series_study_idx" ON "series" USING btree ("study_pk","series_number");--> statement-breakpoint
CREATE INDEX "viewer_token_expires_idx" ON "viewer_token" USING btree ("expires_at");
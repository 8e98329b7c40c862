CREATE TABLE "his_order" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"source" varchar(8) NOT NULL,
	"peer_pk" integer,
	"app_pk" integer,
	"placer_no" varchar(64) NOT NULL,
	"accession_no" varchar(64) DEFAULT '' NOT NULL,
	"patient_id" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'scheduled' NOT NULL,
	"study_pk" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_id" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hl7_message" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"peer_pk" integer NOT NULL,
	"control_id" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"ack_code" varchar(2) NOT NULL,
	"ack_text" varchar(256) DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hl7_peer" (
	"pk" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"address" varchar(128) NOT NULL,
	"facility" varchar(64) DEFAULT '' NOT NULL,
	"charset" varchar(32) DEFAULT 'UNICODE UTF-8' NOT NULL,
	"result_host" varchar(128) DEFAULT '' NOT NULL,
	"result_port" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "deleted_by" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "delete_reason" varchar(256) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "his_order" ADD CONSTRAINT "his_order_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_message" ADD CONSTRAINT "hl7_message_peer_pk_hl7_peer_pk_fk" FOREIGN KEY ("peer_pk") REFERENCES "public"."hl7_peer"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "his_order_placer_uq" ON "his_order" USING btree ("hospital_code","placer_no");--> statement-breakpoint
CREATE INDEX "his_order_study_idx" ON "his_order" USING btree ("study_pk");--> statement-breakpoint
CREATE INDEX "his_order_created_idx" ON "his_order" USING btree ("hospital_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_message_control_uq" ON "hl7_message" USING btree ("peer_pk","control_id");--> statement-breakpoint
CREATE INDEX "hl7_message_received_idx" ON "hl7_message" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_peer_name_uq" ON "hl7_peer" USING btree ("name");--> statement-breakpoint
CREATE INDEX "study_deleted_idx" ON "study" USING btree ("deleted_at") WHERE "study"."is_del" = 1;
CREATE TABLE "report_draft" (
	"rpt_pk" bigint NOT NULL,
	"user_pk" integer NOT NULL,
	"report_text1" text DEFAULT '' NOT NULL,
	"report_text2" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_draft_rpt_pk_user_pk_pk" PRIMARY KEY("rpt_pk","user_pk")
);
--> statement-breakpoint
CREATE TABLE "content_rule" (
	"pk" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"word_a" varchar(32) NOT NULL,
	"word_b" varchar(32) DEFAULT '' NOT NULL,
	"sex" varchar(1) DEFAULT '' NOT NULL,
	"feature" varchar(128) NOT NULL,
	"feature_en" varchar(128) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_node" (
	"pk" serial PRIMARY KEY NOT NULL,
	"parent" integer,
	"label" varchar(128) NOT NULL,
	"isleaf" boolean NOT NULL,
	"ishtml" boolean DEFAULT false NOT NULL,
	"type" varchar(8) NOT NULL,
	"uuid" varchar(64) DEFAULT '' NOT NULL,
	"sj" text DEFAULT '' NOT NULL,
	"yj" text DEFAULT '' NOT NULL,
	"study_style" varchar(64) DEFAULT '' NOT NULL,
	"region_pk" integer,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layout_template" (
	"pk" serial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"name" varchar(64) NOT NULL,
	"elements" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "third_party_pdf" varchar(512) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_draft" ADD CONSTRAINT "report_draft_rpt_pk_report_rpt_pk_fk" FOREIGN KEY ("rpt_pk") REFERENCES "public"."report"("rpt_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_draft" ADD CONSTRAINT "report_draft_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_node_owner_idx" ON "knowledge_node" USING btree ("type","uuid");--> statement-breakpoint
CREATE INDEX "knowledge_node_parent_idx" ON "knowledge_node" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "layout_template_lookup_idx" ON "layout_template" USING btree ("hospital_code","modality");
CREATE TABLE "report_signature" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"rpt_pk" bigint NOT NULL,
	"version_pk" bigint NOT NULL,
	"report_version" integer NOT NULL,
	"role" varchar(8) NOT NULL,
	"user_pk" integer NOT NULL,
	"username" varchar(64) NOT NULL,
	"signer_name" varchar(64) NOT NULL,
	"document" text NOT NULL,
	"signature" text NOT NULL,
	"algorithm" varchar(8) NOT NULL,
	"certificate" text NOT NULL,
	"cert_sha256" varchar(64) NOT NULL,
	"cert_subject" varchar(512) NOT NULL,
	"cert_issuer" varchar(512) NOT NULL,
	"cert_serial" varchar(128) NOT NULL,
	"cert_not_after" timestamp with time zone NOT NULL,
	"verify_code" varchar(16) NOT NULL,
	"verify_origin" varchar(256) DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hospital" ADD COLUMN "esign" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_signature" ADD CONSTRAINT "report_signature_rpt_pk_report_rpt_pk_fk" FOREIGN KEY ("rpt_pk") REFERENCES "public"."report"("rpt_pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_signature" ADD CONSTRAINT "report_signature_version_pk_report_version_pk_fk" FOREIGN KEY ("version_pk") REFERENCES "public"."report_version"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_signature_code_idx" ON "report_signature" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "report_signature_rpt_idx" ON "report_signature" USING btree ("rpt_pk");
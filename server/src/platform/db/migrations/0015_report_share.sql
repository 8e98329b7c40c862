CREATE TABLE "report_share" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"kind" smallint NOT NULL,
	"study_pk" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "report_share_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "report_share" ADD CONSTRAINT "report_share_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_share_study_idx" ON "report_share" USING btree ("study_pk");--> statement-breakpoint
CREATE INDEX "report_share_expires_idx" ON "report_share" USING btree ("expires_at");
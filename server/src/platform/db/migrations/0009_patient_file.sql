CREATE TABLE "patient_file" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"study_pk" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(64) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" varchar(256) NOT NULL,
	"create_user_pk" bigint NOT NULL,
	"create_user" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "patient_file_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "patient_file" ADD CONSTRAINT "patient_file_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_file_study_idx" ON "patient_file" USING btree ("study_pk","kind","is_del");
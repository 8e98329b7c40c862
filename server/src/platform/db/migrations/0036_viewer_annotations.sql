CREATE TABLE "viewer_annotation" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"user_pk" integer NOT NULL,
	"study_pk" bigint NOT NULL,
	"annotations" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewer_annotation" ADD CONSTRAINT "viewer_annotation_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_annotation" ADD CONSTRAINT "viewer_annotation_study_pk_study_pk_fk" FOREIGN KEY ("study_pk") REFERENCES "public"."study"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewer_annotation_user_study" ON "viewer_annotation" USING btree ("user_pk","study_pk");
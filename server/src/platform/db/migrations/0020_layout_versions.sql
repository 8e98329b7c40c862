CREATE TABLE "layout_version" (
	"pk" serial PRIMARY KEY NOT NULL,
	"layout_pk" integer NOT NULL,
	"version" integer NOT NULL,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"modality" varchar(16) DEFAULT '' NOT NULL,
	"name" varchar(64) NOT NULL,
	"elements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "layout_template" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "layout_template" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "layout_version" ADD CONSTRAINT "layout_version_layout_pk_layout_template_pk_fk" FOREIGN KEY ("layout_pk") REFERENCES "public"."layout_template"("pk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "layout_version_layout_idx" ON "layout_version" USING btree ("layout_pk","version");--> statement-breakpoint
CREATE INDEX "layout_version_lookup_idx" ON "layout_version" USING btree ("hospital_code","modality","created_at");--> statement-breakpoint
-- Every existing layout's present state is its version 1, standing since the layout was created.
INSERT INTO "layout_version" ("layout_pk", "version", "hospital_code", "modality", "name", "elements", "created_at")
SELECT "pk", 1, "hospital_code", "modality", "name", "elements", "create_time" FROM "layout_template";

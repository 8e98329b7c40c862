ALTER TABLE "layout_template" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "layout_template" ADD COLUMN "draft" jsonb;--> statement-breakpoint
-- Names become unique per hospital: a repeated name keeps its oldest holder, the others take their number.
UPDATE "layout_template" AS t SET "name" = left(t."name", 64 - length(' (' || t."pk" || ')')) || ' (' || t."pk" || ')'
WHERE t."deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "layout_template" o
  WHERE o."deleted_at" IS NULL AND o."hospital_code" = t."hospital_code" AND o."name" = t."name" AND o."pk" < t."pk"
);--> statement-breakpoint
CREATE UNIQUE INDEX "layout_template_name_uq" ON "layout_template" USING btree ("hospital_code","name") WHERE "layout_template"."deleted_at" is null;
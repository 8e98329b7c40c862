ALTER TABLE "layout_template" ADD COLUMN "kind" varchar(8) DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "layout_version" ADD COLUMN "kind" varchar(8) DEFAULT 'report' NOT NULL;
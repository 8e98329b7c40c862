CREATE TABLE "region" (
	"pk" serial PRIMARY KEY NOT NULL,
	"parent_pk" integer,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_en" varchar(64) DEFAULT '' NOT NULL,
	"note" varchar(256) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "region_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_avatar" (
	"user_pk" integer PRIMARY KEY NOT NULL,
	"mime" varchar(32) NOT NULL,
	"data" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortcut" (
	"pk" serial PRIMARY KEY NOT NULL,
	"user_pk" integer NOT NULL,
	"modality" varchar(16) NOT NULL,
	"scanp_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "must_change_password" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_avatar" ADD CONSTRAINT "user_avatar_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shortcut_user_modality_uq" ON "shortcut" USING btree ("user_pk","modality");--> statement-breakpoint
CREATE UNIQUE INDEX "device_aet_uq" ON "device" USING btree ("aet");
CREATE TABLE "wechat_mp_bind" (
	"user_pk" integer PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"open_id" varchar(128) NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_mp_notice" (
	"hospital_code" varchar(32) PRIMARY KEY NOT NULL,
	"report_template_id" varchar(128) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_mp_scene" (
	"scene_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_pk" integer NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"ticket" varchar(256) NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wechat_mp_bind" ADD CONSTRAINT "wechat_mp_bind_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_mp_scene" ADD CONSTRAINT "wechat_mp_scene_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_mp_bind_open_id_uq" ON "wechat_mp_bind" USING btree ("hospital_code","open_id");--> statement-breakpoint
CREATE INDEX "wechat_mp_scene_user_idx" ON "wechat_mp_scene" USING btree ("user_pk");--> statement-breakpoint
CREATE INDEX "wechat_mp_scene_expires_idx" ON "wechat_mp_scene" USING btree ("expires_at");
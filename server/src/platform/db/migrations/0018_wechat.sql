CREATE TABLE "wechat_account" (
	"pk" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"hospital_code" varchar(32) DEFAULT '' NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"app_secret_enc" text DEFAULT '' NOT NULL,
	"token" varchar(64) DEFAULT '' NOT NULL,
	"encoding_aes_key_enc" text DEFAULT '' NOT NULL,
	"callback_url" varchar(512) DEFAULT '' NOT NULL,
	"access_token_enc" text DEFAULT '' NOT NULL,
	"access_token_expires_at" timestamp with time zone,
	"update_name" varchar(64) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_login_state" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"user_pk" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"open_id" varchar(128) DEFAULT '' NOT NULL,
	"nickname" varchar(128) DEFAULT '' NOT NULL,
	"head_photo" varchar(512) DEFAULT '' NOT NULL,
	"called_back_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wechat_login_state" ADD CONSTRAINT "wechat_login_state_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_account_kind_hospital_uq" ON "wechat_account" USING btree ("kind","hospital_code");--> statement-breakpoint
CREATE INDEX "wechat_login_state_expires_idx" ON "wechat_login_state" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wechat_login_state_browser_idx" ON "wechat_login_state" USING btree ("browser_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_openid_uq" ON "sys_user" USING btree ("openid") WHERE "sys_user"."openid" <> '';
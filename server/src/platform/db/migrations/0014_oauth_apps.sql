CREATE TABLE "oauth_code" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"app_pk" integer NOT NULL,
	"user_pk" integer NOT NULL,
	"redirect_uri" varchar(512) NOT NULL,
	"code_challenge" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "oauth_code_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "oauth_token" (
	"pk" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"app_pk" integer NOT NULL,
	"user_pk" integer NOT NULL,
	"code_pk" bigint,
	"scope" varchar(256) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "oauth_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_app" (
	"pk" serial PRIMARY KEY NOT NULL,
	"app_name" varchar(64) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"client_secret_hash" varchar(64) NOT NULL,
	"server_url" varchar(512) DEFAULT '' NOT NULL,
	"remark" varchar(126) DEFAULT '' NOT NULL,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_logo" varchar(512) DEFAULT '' NOT NULL,
	"group_favicon" varchar(512) DEFAULT '' NOT NULL,
	"create_name" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_name" varchar(64) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_app_app_name_unique" UNIQUE("app_name"),
	CONSTRAINT "sys_app_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_app_pk_sys_app_pk_fk" FOREIGN KEY ("app_pk") REFERENCES "public"."sys_app"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_app_pk_sys_app_pk_fk" FOREIGN KEY ("app_pk") REFERENCES "public"."sys_app"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_code_expires_idx" ON "oauth_code" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_token_code_idx" ON "oauth_token" USING btree ("code_pk");--> statement-breakpoint
CREATE INDEX "oauth_token_user_app_idx" ON "oauth_token" USING btree ("user_pk","app_pk");
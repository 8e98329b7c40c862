CREATE TABLE "register_sms_code" (
	"number" varchar(20) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activation" (
	"user_pk" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"prefix" varchar(4) NOT NULL,
	"mobile" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_activation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ALTER COLUMN "role_pk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "reg_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_activation" ADD CONSTRAINT "user_activation_user_pk_sys_user_pk_fk" FOREIGN KEY ("user_pk") REFERENCES "public"."sys_user"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_sms_code_expires_idx" ON "register_sms_code" USING btree ("expires_at");
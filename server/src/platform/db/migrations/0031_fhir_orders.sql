ALTER TABLE "oauth_token" ALTER COLUMN "user_pk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_app" ADD COLUMN "order_hospital_code" varchar(32) DEFAULT '' NOT NULL;
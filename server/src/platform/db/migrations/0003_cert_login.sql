CREATE TABLE "cert_challenge" (
	"challenge_hash" varchar(64) PRIMARY KEY NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"caller" varchar(80) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cert_challenge_expires_idx" ON "cert_challenge" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_usb_key_uq" ON "sys_user" USING btree ("usb_key") WHERE "sys_user"."usb_key" <> '';
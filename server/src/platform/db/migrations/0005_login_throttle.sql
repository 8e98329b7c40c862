CREATE TABLE "login_throttle" (
	"kind" smallint NOT NULL,
	"username" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"fails" integer DEFAULT 0 NOT NULL,
	"last_fail" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"last_success" timestamp with time zone,
	CONSTRAINT "login_throttle_kind_username_ip_pk" PRIMARY KEY("kind","username","ip")
);
--> statement-breakpoint
CREATE INDEX "login_throttle_last_fail_idx" ON "login_throttle" USING btree ("last_fail");
CREATE TABLE "us_client" (
	"pk" serial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"room_pk" integer NOT NULL,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "us_number" (
	"pk" serial PRIMARY KEY NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"room_pk" integer NOT NULL,
	"prefix" varchar(8) DEFAULT '' NOT NULL,
	"start_no" integer NOT NULL,
	"end_no" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "us_number_range_chk" CHECK ("us_number"."start_no" >= 1 and "us_number"."end_no" >= "us_number"."start_no")
);
--> statement-breakpoint
ALTER TABLE "us_client" ADD CONSTRAINT "us_client_room_pk_call_room_pk_fk" FOREIGN KEY ("room_pk") REFERENCES "public"."call_room"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_number" ADD CONSTRAINT "us_number_room_pk_call_room_pk_fk" FOREIGN KEY ("room_pk") REFERENCES "public"."call_room"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "us_client_hosp_name_idx" ON "us_client" USING btree ("hospital_code","name");--> statement-breakpoint
CREATE UNIQUE INDEX "us_client_hosp_ip_idx" ON "us_client" USING btree ("hospital_code","ip") WHERE "us_client"."ip" <> '';--> statement-breakpoint
CREATE INDEX "us_client_room_idx" ON "us_client" USING btree ("room_pk");--> statement-breakpoint
CREATE UNIQUE INDEX "us_number_room_idx" ON "us_number" USING btree ("room_pk");--> statement-breakpoint
CREATE INDEX "us_number_hosp_idx" ON "us_number" USING btree ("hospital_code");
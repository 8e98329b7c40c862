CREATE TABLE "installation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_check" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

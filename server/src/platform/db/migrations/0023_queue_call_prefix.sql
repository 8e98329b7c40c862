ALTER TABLE "registration" ADD COLUMN "call_prefix" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Numbers issued before this column existed: those given out by a room's segment (issued after the segment
-- was created, within its range) take the segment's prefix as it is now, the best that is known.
UPDATE "registration" AS r SET "call_prefix" = n."prefix"
FROM "us_number" AS n JOIN "call_room" AS c ON c."pk" = n."room_pk"
WHERE c."hospital_code" = r."hospital_code" AND c."room_name" = r."call_room" AND n."prefix" <> ''
  AND r."call_no" BETWEEN n."start_no" AND n."end_no" AND r."number_time" >= n."create_time";

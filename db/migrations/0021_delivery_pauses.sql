CREATE TABLE "delivery_pauses" (
	"target" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);

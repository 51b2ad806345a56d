CREATE TABLE "web_vitals_daily" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vitals_daily_day_route_metric_bucket_pk" PRIMARY KEY("day","route","metric","bucket"),
	CONSTRAINT "web_vitals_daily_count_positive" CHECK ("web_vitals_daily"."count" > 0)
);

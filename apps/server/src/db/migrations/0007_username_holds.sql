CREATE TABLE "username_holds" (
	"username" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "username_holds" ADD CONSTRAINT "username_holds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "username_holds_profile_idx" ON "username_holds" USING btree ("profile_id");
CREATE TABLE "profile_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_presence_status_check" CHECK ("user_presence"."status" in ('online', 'away', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_moderation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text DEFAULT 'message' NOT NULL,
	"content_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderator_notes" text,
	"reported_by" uuid,
	"moderator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_moderation_status_check" CHECK ("content_moderation"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"description" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('email_confirmation', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"content" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_followup" boolean DEFAULT false NOT NULL,
	"response_content" text,
	"responded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('pending', 'sent', 'responded', 'refunded', 'cancelled')),
	CONSTRAINT "messages_content_length" CHECK (char_length(btrim("messages"."content")) between 10 and 1000),
	CONSTRAINT "messages_response_length" CHECK ("messages"."response_content" is null or char_length(btrim("messages"."response_content")) between 10 and 1000),
	CONSTRAINT "messages_amount_nonneg" CHECK ("messages"."amount" >= 0),
	CONSTRAINT "messages_followup_free" CHECK (not "messages"."is_followup" or "messages"."amount" = 0),
	CONSTRAINT "messages_not_to_self" CHECK ("messages"."sender_id" <> "messages"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"payout_id" uuid,
	"amount" integer NOT NULL,
	"commission" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_status_check" CHECK ("earnings"."status" in ('pending', 'earned', 'paid_out')),
	CONSTRAINT "earnings_split_balanced" CHECK ("earnings"."amount" + "earnings"."commission" = "earnings"."total_amount")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"payment_intent_id" text,
	"checkout_session_id" text,
	"amount_total" integer NOT NULL,
	"amount_creator" integer NOT NULL,
	"amount_platform_fee" integer NOT NULL,
	"commission_percent" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"capture_before" timestamp with time zone,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('local', 'stripe')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed')),
	CONSTRAINT "payments_split_balanced" CHECK ("payments"."amount_creator" + "payments"."amount_platform_fee" = "payments"."amount_total"),
	CONSTRAINT "payments_amounts_nonneg" CHECK ("payments"."amount_creator" >= 0 and "payments"."amount_platform_fee" >= 0),
	CONSTRAINT "payments_commission_range" CHECK ("payments"."commission_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_transfer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"related_entity_id" uuid,
	"related_entity_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('new_message', 'message_response', 'message_refunded')),
	CONSTRAINT "notifications_body_length" CHECK (char_length("notifications"."body") <= 100)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text,
	"bio" text,
	"avatar_url" text,
	"cover_url" text,
	"email" text,
	"is_creator" boolean DEFAULT false NOT NULL,
	"intended_account_type" text DEFAULT 'customer' NOT NULL,
	"user_type" text DEFAULT 'regular' NOT NULL,
	"threads_onboarding_completed" boolean DEFAULT false NOT NULL,
	"threads_username" text,
	"is_available" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"message_price" integer DEFAULT 2500 NOT NULL,
	"response_rate" double precision DEFAULT 0 NOT NULL,
	"average_rating" double precision,
	"review_count" integer DEFAULT 0 NOT NULL,
	"disciplines" text[] DEFAULT '{}'::text[] NOT NULL,
	"portfolio_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"instagram_username" text,
	"instagram_verified" boolean DEFAULT false NOT NULL,
	"instagram_bio" text,
	"instagram_profile_picture" text,
	"instagram_follower_count" bigint,
	"stripe_account_id" text,
	"stripe_onboarding_completed" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"admin_role" text,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[A-Za-z0-9_.]{1,40}$'),
	CONSTRAINT "profiles_bio_length" CHECK (char_length("profiles"."bio") <= 500),
	CONSTRAINT "profiles_message_price_range" CHECK ("profiles"."message_price" >= 0 and "profiles"."message_price" <= 1000000),
	CONSTRAINT "profiles_response_rate_range" CHECK ("profiles"."response_rate" >= 0 and "profiles"."response_rate" <= 100),
	CONSTRAINT "profiles_average_rating_range" CHECK ("profiles"."average_rating" is null or ("profiles"."average_rating" >= 1 and "profiles"."average_rating" <= 5)),
	CONSTRAINT "profiles_review_count_nonneg" CHECK ("profiles"."review_count" >= 0),
	CONSTRAINT "profiles_disciplines_max" CHECK (cardinality("profiles"."disciplines") <= 5),
	CONSTRAINT "profiles_portfolio_max" CHECK (cardinality("profiles"."portfolio_images") <= 6),
	CONSTRAINT "profiles_intended_account_type" CHECK ("profiles"."intended_account_type" in ('customer', 'creator'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"conversation_id" uuid,
	"rating" integer DEFAULT 5 NOT NULL,
	"title" text,
	"message" text,
	"creator_response" text,
	"creator_response_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_customer_creator_conversation_key" UNIQUE NULLS NOT DISTINCT("customer_id","creator_id","conversation_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_title_length" CHECK (char_length("reviews"."title") <= 100),
	CONSTRAINT "reviews_message_length" CHECK (char_length("reviews"."message") <= 500),
	CONSTRAINT "reviews_response_length" CHECK (char_length("reviews"."creator_response") <= 500)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_id_profiles_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_moderation" ADD CONSTRAINT "content_moderation_reported_by_profiles_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_moderation" ADD CONSTRAINT "content_moderation_moderator_id_profiles_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_views_profile_viewed_idx" ON "profile_views" USING btree ("profile_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_views_profile_viewer_idx" ON "profile_views" USING btree ("profile_id","viewer_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_presence_status_idx" ON "user_presence" USING btree ("status","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_user_key" ON "admin_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "content_moderation_created_idx" ON "content_moderation" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_moderation_status_idx" ON "content_moderation" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_tokens_user_purpose_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_key" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "categories_active_sort_idx" ON "categories" USING btree ("sort_order") WHERE "categories"."is_active";--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_created_idx" ON "messages" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_pair_created_idx" ON "messages" USING btree ("sender_id","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sent_expires_idx" ON "messages" USING btree ("expires_at") WHERE "messages"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_message_key" ON "earnings" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "earnings_creator_created_idx" ON "earnings" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "earnings_payout_idx" ON "earnings" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_account_created_idx" ON "ledger_entries" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "ledger_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_message_key" ON "payments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent_key" ON "payments" USING btree ("provider","payment_intent_id");--> statement-breakpoint
CREATE INDEX "payments_sender_created_idx" ON "payments" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_recipient_created_idx" ON "payments" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_creator_created_idx" ON "payouts" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_key" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_instagram_username_lower_key" ON "profiles" USING btree (lower("instagram_username")) WHERE "profiles"."instagram_username" is not null;--> statement-breakpoint
CREATE INDEX "profiles_featured_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST) WHERE "profiles"."is_featured" and "profiles"."is_creator" and "profiles"."is_available";--> statement-breakpoint
CREATE INDEX "profiles_creators_created_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "profiles"."is_creator";--> statement-breakpoint
CREATE INDEX "profiles_creators_updated_idx" ON "profiles" USING btree ("updated_at" DESC NULLS LAST,"id") WHERE "profiles"."is_creator";--> statement-breakpoint
CREATE INDEX "profiles_creators_price_idx" ON "profiles" USING btree ("message_price","id") WHERE "profiles"."is_creator";--> statement-breakpoint
CREATE INDEX "profiles_creators_response_rate_idx" ON "profiles" USING btree ("response_rate" DESC NULLS LAST,"id") WHERE "profiles"."is_creator";--> statement-breakpoint
CREATE INDEX "profiles_disciplines_gin_idx" ON "profiles" USING gin ("disciplines");--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin (lower("display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_instagram_username_trgm_idx" ON "profiles" USING gin (lower("instagram_username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_search_idx" ON "profiles" USING btree ("instagram_follower_count" DESC NULLS LAST) WHERE "profiles"."is_creator" and "profiles"."threads_onboarding_completed";--> statement-breakpoint
CREATE INDEX "reviews_creator_created_idx" ON "reviews" USING btree ("creator_id","created_at" DESC NULLS LAST);
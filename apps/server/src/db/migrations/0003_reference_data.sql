-- Reference data every installation needs, demo or not.
-- spec §9 admin settings defaults: the eleven platform settings.
INSERT INTO platform_settings (key, value, description) VALUES
  ('default_message_price', '25', 'Default message price for new creators, in dollars'),
  ('min_message_price', '5', 'Lowest price a creator may set, in dollars'),
  ('max_message_price', '500', 'Highest price a creator may set, in dollars'),
  ('commission_rate', '25', 'Platform commission, percent of the message amount'),
  ('message_expiration_hours', '24', 'Hours a creator has to reply before the sender is refunded'),
  ('maintenance_mode', 'false', 'Show the maintenance notice and pause new messages'),
  ('new_user_registration', 'true', 'Allow new accounts to sign up'),
  ('auto_moderation', 'true', 'Flag messages automatically for review'),
  ('require_creator_verification', 'true', 'Creators must verify a social account before going live'),
  ('email_notifications', 'true', 'Send email notifications'),
  ('system_alerts', 'true', 'Send system alerts to admins')
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
INSERT INTO categories (name, color, description, sort_order) VALUES
  ('Fashion', '#ec4899', 'Style, outfits and trends', 1),
  ('Beauty', '#f43f5e', 'Makeup, skincare and hair', 2),
  ('Fitness', '#22c55e', 'Training, nutrition and wellness', 3),
  ('Music', '#8b5cf6', 'Artists, producers and DJs', 4),
  ('Gaming', '#6366f1', 'Streamers and pro players', 5),
  ('Comedy', '#f59e0b', 'Comedians and entertainers', 6),
  ('Art', '#14b8a6', 'Illustration, design and craft', 7),
  ('Tech', '#0ea5e9', 'Engineering, gadgets and startups', 8),
  ('Business', '#64748b', 'Founders, investors and careers', 9),
  ('Lifestyle', '#a855f7', 'Everyday life, home and family', 10),
  ('Food', '#ef4444', 'Chefs, recipes and restaurants', 11),
  ('Travel', '#06b6d4', 'Destinations and travel tips', 12),
  ('Education', '#84cc16', 'Teachers, tutors and explainers', 13),
  ('Sports', '#f97316', 'Athletes and coaches', 14)
ON CONFLICT DO NOTHING;

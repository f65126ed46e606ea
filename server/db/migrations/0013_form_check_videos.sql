CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	"media_type" text,
	"size_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "set_videos_status_check" CHECK ("set_videos"."status" in ('uploading', 'ready')),
	CONSTRAINT "set_videos_media_type_check" CHECK ("set_videos"."media_type" is null or "set_videos"."media_type" in ('video/mp4', 'video/quicktime', 'video/webm'))
);
--> statement-breakpoint
CREATE TABLE "video_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"coach_id" integer NOT NULL,
	"at_ms" integer NOT NULL,
	"body" text NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_removals" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_events" DROP CONSTRAINT "live_events_kind_check";--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "video_id" uuid;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "video_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "set_videos" ADD CONSTRAINT "set_videos_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_videos" ADD CONSTRAINT "set_videos_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_video_id_set_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "set_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_videos_client_idx" ON "set_videos" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "set_videos_set_idx" ON "set_videos" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "video_comments_video_idx" ON "video_comments" USING btree ("video_id","at_ms");--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_kind_check" CHECK ("live_events"."kind" in ('message', 'read', 'comment', 'video', 'videoComment'));--> statement-breakpoint
-- Every way a clip's row goes (its set removed by an edit, an added set removed, a workout
-- removed for good, an account deleted, the lifter removing it) queues its bytes for
-- removal in the same transaction; server/videos/sweeper.ts removes them from storage.
-- Unqualified names: each test file's schema resolves them through its search_path.
CREATE FUNCTION queue_video_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO video_removals (video_id) VALUES (OLD.id) ON CONFLICT (video_id) DO NOTHING;
	RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER set_videos_queue_removal AFTER DELETE ON set_videos FOR EACH ROW EXECUTE FUNCTION queue_video_removal();

CREATE TABLE "logged_set_keys" (
	"client_id" integer NOT NULL,
	"key" text NOT NULL,
	"set_id" integer NOT NULL,
	"after_set_id" integer NOT NULL,
	CONSTRAINT "logged_set_keys_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
CREATE TABLE "workout_completions" (
	"workout_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "set_results" ALTER COLUMN "performed_rir" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "set_results" ADD COLUMN "skipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sets" ADD COLUMN "added_by_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "logged_set_keys" ADD CONSTRAINT "logged_set_keys_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logged_set_keys" ADD CONSTRAINT "logged_set_keys_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_completions" ADD CONSTRAINT "workout_completions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logged_set_keys_set_idx" ON "logged_set_keys" USING btree ("set_id");
CREATE TABLE "workout_save_keys" (
	"coach_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"workout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_save_keys_coach_id_key_pk" PRIMARY KEY("coach_id","key")
);
--> statement-breakpoint
ALTER TABLE "workout_save_keys" ADD CONSTRAINT "workout_save_keys_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_save_keys" ADD CONSTRAINT "workout_save_keys_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_save_keys_workout_idx" ON "workout_save_keys" USING btree ("workout_id");
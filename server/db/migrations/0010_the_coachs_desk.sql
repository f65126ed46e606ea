CREATE TABLE "exercise_demos" (
	"coach_id" integer NOT NULL,
	"exercise_id" text NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_demos_coach_id_exercise_id_pk" PRIMARY KEY("coach_id","exercise_id")
);
--> statement-breakpoint
ALTER TABLE "coach_clients" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "superset" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "rest_seconds" integer;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "tempo" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "exercise_demos" ADD CONSTRAINT "exercise_demos_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_demos" ADD CONSTRAINT "exercise_demos_exercise_id_exercise_library_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "exercise_library"("id") ON DELETE cascade ON UPDATE no action;
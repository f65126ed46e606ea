CREATE SEQUENCE "exercise_library_custom_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "exercise_library" (
	"id" text PRIMARY KEY DEFAULT ('custom-' || nextval('exercise_library_custom_seq')) NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"equipment" text DEFAULT 'other' NOT NULL,
	"coach_id" integer,
	"normalized_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "library_id" text;--> statement-breakpoint
ALTER TABLE "set_results" ADD COLUMN "weight_unit" text DEFAULT 'lb' NOT NULL;--> statement-breakpoint
ALTER TABLE "sets" ADD COLUMN "weight_unit" text DEFAULT 'lb' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit" text DEFAULT 'lb' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bar" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "smallest_plate" double precision;--> statement-breakpoint
ALTER TABLE "exercise_library" ADD CONSTRAINT "exercise_library_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_library_coach_name_key" ON "exercise_library" USING btree ("coach_id","normalized_name");--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_library_id_exercise_library_id_fk" FOREIGN KEY ("library_id") REFERENCES "exercise_library"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_results" ADD CONSTRAINT "set_results_weight_unit_check" CHECK ("set_results"."weight_unit" in ('lb', 'kg'));--> statement-breakpoint
ALTER TABLE "sets" ADD CONSTRAINT "sets_weight_unit_check" CHECK ("sets"."weight_unit" in ('lb', 'kg'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unit_check" CHECK ("users"."unit" in ('lb', 'kg'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bar_check" CHECK ("users"."bar" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_smallest_plate_check" CHECK ("users"."smallest_plate" > 0);
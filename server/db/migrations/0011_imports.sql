CREATE TABLE "imported_sessions" (
	"client_id" integer NOT NULL,
	"session_key" text NOT NULL,
	"workout_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	CONSTRAINT "imported_sessions_client_id_session_key_pk" PRIMARY KEY("client_id","session_key")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"import_key" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "imports_source_check" CHECK ("imports"."source" in ('strong', 'hevy', 'fitnotes', 'liftosaur', 'ours'))
);
--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "imported_sessions" ADD CONSTRAINT "imported_sessions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_sessions" ADD CONSTRAINT "imported_sessions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_sessions" ADD CONSTRAINT "imported_sessions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imported_sessions_workout_key" ON "imported_sessions" USING btree ("workout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_client_key_key" ON "imports" USING btree ("client_id","import_key");--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workouts_import_idx" ON "workouts" USING btree ("import_id") WHERE "workouts"."import_id" is not null;
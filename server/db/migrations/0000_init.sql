CREATE TABLE "coach_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_id" integer NOT NULL,
	"client_id" integer,
	"client_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" serial PRIMARY KEY NOT NULL,
	"workout_id" integer NOT NULL,
	"exercise_order" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_results" (
	"set_id" integer PRIMARY KEY NOT NULL,
	"performed_reps" integer,
	"performed_rir" integer,
	"performed_rpe" double precision,
	"performed_weight" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"exercise_id" integer NOT NULL,
	"set_index" integer NOT NULL,
	"amsap" boolean DEFAULT false NOT NULL,
	"reps_amrap" boolean DEFAULT false NOT NULL,
	"reps" integer,
	"rpe" double precision,
	"rir" integer,
	"weight" double precision,
	"backoff_percent" double precision,
	"e1rm_percent" double precision,
	"max_percent" double precision
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firebase_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"user_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('Coach', 'Client'))
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"coach_id" integer,
	"date" date NOT NULL,
	"workout_order" integer NOT NULL,
	"category" text DEFAULT 'Strength' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_clients" ADD CONSTRAINT "coach_clients_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD CONSTRAINT "coach_clients_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_results" ADD CONSTRAINT "set_results_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sets" ADD CONSTRAINT "sets_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_clients_coach_email_key" ON "coach_clients" USING btree ("coach_id","client_email");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_clients_client_key" ON "coach_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "coach_clients_email_idx" ON "coach_clients" USING btree ("client_email");--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_workout_order_key" ON "exercises" USING btree ("workout_id","exercise_order");--> statement-breakpoint
CREATE UNIQUE INDEX "sets_exercise_index_key" ON "sets" USING btree ("exercise_id","set_index");--> statement-breakpoint
CREATE UNIQUE INDEX "users_firebase_id_key" ON "users" USING btree ("firebase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "workouts_client_date_order_key" ON "workouts" USING btree ("client_id","date","workout_order");
CREATE TABLE "client_maxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"exercise_id" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"set_on" date NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_maxes_unit_check" CHECK ("client_maxes"."unit" in ('lb', 'kg'))
);
--> statement-breakpoint
ALTER TABLE "client_maxes" ADD CONSTRAINT "client_maxes_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_maxes" ADD CONSTRAINT "client_maxes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_maxes_client_exercise_idx" ON "client_maxes" USING btree ("client_id","exercise_id");
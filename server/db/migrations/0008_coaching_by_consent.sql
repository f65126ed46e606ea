DROP INDEX "coach_clients_coach_email_key";--> statement-breakpoint
DROP INDEX "coach_clients_client_key";--> statement-breakpoint
ALTER TABLE "coach_clients" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provisional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_clients_coach_email_key" ON "coach_clients" USING btree ("coach_id","client_email") WHERE "coach_clients"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_clients_client_key" ON "coach_clients" USING btree ("client_id") WHERE "coach_clients"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "coach_clients" ADD CONSTRAINT "coach_clients_ended_by_check" CHECK ("coach_clients"."ended_by" in ('coach', 'client'));
CREATE TABLE "comment_read_marks" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"replies_read_up_to" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_read_marks" ADD CONSTRAINT "comment_read_marks_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
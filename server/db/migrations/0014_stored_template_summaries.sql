ALTER TABLE "workout_templates" ADD COLUMN "day_span" integer;--> statement-breakpoint
ALTER TABLE "workout_templates" ADD COLUMN "workout_count" integer;--> statement-breakpoint
ALTER TABLE "workout_templates" ADD COLUMN "exercise_names" jsonb;--> statement-breakpoint
-- Each kept template's summary, worked out from its content as the list did at read time
-- until now; from here saveTemplate writes it (server/programming/template-summary.ts).
UPDATE "workout_templates" AS t SET
	"day_span" = coalesce((SELECT max((w ->> 'offset')::int) - min((w ->> 'offset')::int) + 1
		FROM jsonb_array_elements(t."content") w), 0),
	"workout_count" = jsonb_array_length(t."content"),
	"exercise_names" = coalesce((SELECT jsonb_agg(named.name ORDER BY named.first)
		FROM (SELECT e ->> 'name' AS name, min(wi * 100000 + ei) AS first
			FROM jsonb_array_elements(t."content") WITH ORDINALITY AS w(workout, wi),
				jsonb_array_elements(w.workout -> 'exercises') WITH ORDINALITY AS x(e, ei)
			GROUP BY e ->> 'name') named), '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "workout_templates" ALTER COLUMN "day_span" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_templates" ALTER COLUMN "workout_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_templates" ALTER COLUMN "exercise_names" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "workout_templates_coach_order_idx" ON "workout_templates" USING btree ("coach_id",lower("name"),"id");

// drizzle-kit writes `REFERENCES "public"."users"` into foreign keys. Tests run each
// file in its own Postgres schema (search_path), so the committed SQL must name no schema.
// Run after `drizzle-kit generate` (npm run db:generate does both).
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const folder = join(import.meta.dirname, "migrations")
for (const file of readdirSync(folder).filter((name) => name.endsWith(".sql"))) {
  const path = join(folder, file)
  const before = readFileSync(path, "utf8")
  const after = before.replaceAll(`"public".`, "")
  if (after !== before) {
    writeFileSync(path, after)
    console.log(`made ${file} schema-agnostic`)
  }
}

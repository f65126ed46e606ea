// The API as `server/cluster.ts` runs it in production, for `npm run bench:api` on
// PostgreSQL: one worker per core (BENCH_WORKERS), with the bench's own server options
// (no rate limits: one user floods every scenario on purpose). Prints the cluster's
// "API and app on <url>" line once every worker listens.
import { runCluster } from "#server/cluster.ts"

await runCluster({
  workers: Number(process.env.BENCH_WORKERS),
  server: {
    port: 0,
    hostname: "127.0.0.1",
    databaseUrl: process.env.DATABASE_URL,
    schemaName: process.env.DATABASE_SCHEMA,
    maxConnections: Number(process.env.BENCH_CONNECTIONS ?? 32),
    rateLimits: false
  }
})

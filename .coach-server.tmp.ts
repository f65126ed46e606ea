import { startServer } from "#server/main.ts"
const server = await startServer({ port: 4183, hostname: "127.0.0.1", databaseUrl: "", dataDir: "memory://", staticDir: "/tmp/coach-dist" })
console.log(`up ${server.url}`)

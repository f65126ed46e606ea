import pg from "pg"

/**
 * Ends every backend listening on `channel` (each instance's LISTEN connection), as a
 * restart or a killed backend would; answers whether each was ended.
 */
export async function dropListeners(databaseUrl: string, channel: string): Promise<ReadonlyArray<boolean>> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ dropped: boolean }>(
      "select pg_terminate_backend(pid) as dropped from pg_stat_activity where query = $1 and pid <> pg_backend_pid()",
      [`listen "${channel}"`]
    )
    return rows.map((row) => row.dropped)
  } finally {
    await admin.end()
  }
}

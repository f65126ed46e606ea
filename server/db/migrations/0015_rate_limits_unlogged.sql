-- Request counts are not worth a WAL flush on every call: a crash empties the table and
-- every budget starts afresh (docs/decisions/014-rate-limits.md).
ALTER TABLE "rate_limits" SET UNLOGGED;

"""Storage behind small interfaces: Redis for live state, SQLite ledgers."""

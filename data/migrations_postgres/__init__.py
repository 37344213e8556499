"""The PostgreSQL ledgers' numbered migrations (``data.ledger_postgres``), packaged with the code."""

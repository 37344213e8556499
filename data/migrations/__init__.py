"""The ledger's numbered migrations, ``NNNN_description.sql``, applied in order by ``data.ledger_sqlite``
(a package so the files ship with the code). A shipped file never changes: a change is a new file."""

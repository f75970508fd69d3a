"""Alembic environment: the server passes an open connection in ``config.attributes["connection"]``."""

from __future__ import annotations

from alembic import context

from evolutio.server.storage import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("evolutio migrations run through evolutio.server.storage.migrate(), which passes a connection")

context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

"""The web app behind ``evolutio serve``: HTTP + WebSocket API, storage (SQLite or PostgreSQL) and the browser
client's static files. See ``docs/api.md``."""

from .app import ServerSettings, create_app

__all__ = ["ServerSettings", "create_app"]

"""Reading a JSON document from a file, with errors that name the file and what went wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json(path: str | Path, error: type[Exception], what: str) -> Any:
    """Parse the JSON file ``path``; raise ``error`` saying "cannot read WHAT: …", "WHAT is not a UTF-8
    text file …" or "WHAT is not valid JSON: …"."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise error(f"{what} is not a UTF-8 text file (byte {exc.start} is 0x{exc.object[exc.start]:02x})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not valid JSON: {exc}") from None

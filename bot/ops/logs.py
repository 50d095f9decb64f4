"""The bot's log lines: text for people (the default), or one JSON object a line for a log
pipeline (LOG_FORMAT=json).

A JSON line has `time` (UTC, ISO 8601), `level`, `logger` and `message`, every field a
caller passed as `extra={…}` (an outage's start and end, a command's figures), and, for an
error, `exception` with the traceback as one string. Values JSON cannot hold are written
as their text, so a log call never fails on what it carries.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

LOG_FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}
"""A LogRecord's own attributes; anything else on a record came from `extra`."""


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                payload[key if key not in payload else f"extra_{key}"] = value
        if record.exc_info:
            payload["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            payload["stack"] = self.formatStack(record.stack_info)
        return json.dumps(payload, default=str, ensure_ascii=False)


def configure_logging(level: str, log_format: str = "text") -> None:
    """Everything to stderr at `level` (discord.py's own chatter from INFO up), as text or
    as JSON lines; tracebacks for errors either way."""
    handler = logging.StreamHandler(sys.stderr)
    formatter = JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    handler.setFormatter(formatter)
    logging.basicConfig(level=level.upper(), handlers=[handler])
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level.upper())))

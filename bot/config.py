"""Configuration from the environment (and an optional `.env` file), validated here and
only here: `axio-bot check`, `run` and `playground` all load it through `load_settings`,
so a value one of them refuses, all of them refuse, with the same words.

The token is a SecretStr: it prints as '**********' in logs, reprs and error messages.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict, SettingsError

from storage.shards import ALL_SHARDS, ShardSet

from .ops.logs import LOG_FORMATS

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="the bot's token")
    database_path: Path = Field(default=Path("data/axio.sqlite3"))
    database_url: str | None = Field(
        default=None,
        description="sqlite:///path or postgresql://user:password@host/db; wins over the path",
    )
    shard_count: int | None = Field(default=None, ge=1, description="shards in all")
    shard_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, description="the shards this process runs (comma-separated)"
    )
    computer_processes: int = Field(
        default=2, ge=0, le=64, description="processes computer players think in; 0: a thread"
    )
    # NoDecode: the value is a comma-separated list (or empty), not JSON.
    dev_guild_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list,
        description="guilds whose commands sync instantly (comma-separated ids)",
    )
    log_level: str = Field(default="INFO")
    log_format: str = Field(default="text", description="text, or json: one object a line")
    metrics_port: int | None = Field(
        default=None,
        ge=1,
        le=65535,
        description="serve /metrics, /healthz and /readyz on this port (unset: off)",
    )
    metrics_host: str = Field(
        default="127.0.0.1", description="the address the metrics port listens on"
    )
    computer_budget_s: float = Field(default=1.0, gt=0, le=10)
    scheduler_minutes: float = Field(default=5, gt=0)
    delivery_idle_seconds: float = Field(
        default=60,
        gt=0,
        description="longest pause of the delivery loop, which retries failed posts and "
        "resumes computer seats (retries fall due sooner and wake it)",
    )

    @property
    def database(self) -> str | Path:
        """Where the data lives: DATABASE_URL if set, else the DATABASE_PATH file."""
        return self.database_url or self.database_path

    @property
    def shards(self) -> ShardSet:
        """The servers this process looks after (all of them unless SHARD_IDS says)."""
        if self.shard_count is None:
            return ALL_SHARDS
        return ShardSet(self.shard_count, frozenset(self.shard_ids) or None)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards in all)")
        if self.shard_count is not None:
            self.shards  # noqa: B018  (raises ValueError for ids outside 0..count-1)
        return self

    @field_validator("dev_guild_ids", "shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(",", " ").split()]
        if isinstance(value, int):
            return [value]
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: object) -> object:
        return _one_of(value, LOG_LEVELS, str.upper)

    @field_validator("log_format", mode="before")
    @classmethod
    def _known_format(cls, value: object) -> object:
        return _one_of(value, LOG_FORMATS, str.lower)

    @field_validator("metrics_port", mode="before")
    @classmethod
    def _port_or_off(cls, value: object) -> object:
        """An empty METRICS_PORT= (as in .env.example) is off, not an error."""
        return None if isinstance(value, str) and not value.strip() else value


def _one_of(value: object, allowed: tuple[str, ...], case: Callable[[str], str]) -> str:
    """A choice from a fixed list, in any case; the message names the choices."""
    chosen = case(str(value).strip())
    if chosen not in allowed:
        raise ValueError(f"must be one of {', '.join(allowed)} (any case), not {value!r}")
    return chosen


def load_settings(**overrides: object) -> tuple[Settings | None, str | None]:
    """The settings, or None and one line saying which values are wrong (never the token:
    pydantic shows a SecretStr's input as '**********', and values are not echoed)."""
    try:
        return Settings(**overrides), None  # type: ignore[arg-type]
    except ValidationError as error:
        return None, "; ".join(
            f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in error.errors()
        )
    except SettingsError as error:  # a value pydantic-settings could not even decode
        return None, str(error)

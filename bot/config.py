"""Configuration from the environment (and an optional `.env` file), validated here and
only here: `axio-bot check`, `run` and `playground` all load it through `load_settings`,
so a value one of them refuses, all of them refuse, with the same words.

The token and DISCORD_CLIENT_SECRET are SecretStrs: they print as '**********' in logs,
reprs and error messages.
DATABASE_URL must be a well-formed sqlite:///… or postgresql://… URL, and DATABASE_PATH a
file, never a URL: a mistyped URL is refused here, with its password masked, before any
folder or file is made (it would otherwise become a local SQLite file named after it).
The shard flags and variables are checked here too, each error naming its variable (or
flag).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict, SettingsError

from engine.ai.expert import DEFAULT_BUDGET_S as EXPERT_BUDGET_S
from storage.shards import ALL_SHARDS, ShardSet
from storage.target import check_url, describe, looks_like_url

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
    picture_processes: int = Field(
        default=2, ge=0, le=64, description="processes the pictures are drawn in; 0: threads"
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
    web_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="serve the game pages on this port (unset: off; 0: any free port)",
    )
    web_host: str = Field(default="127.0.0.1", description="the address the web port listens on")
    public_url: str | None = Field(
        default=None,
        description="the address players reach the pages at (https://…); unset: no links",
    )
    discord_client_id: str | None = Field(
        default=None,
        description="the application's id (the Developer Portal's OAuth2 page): with the "
        "secret, turns on the Activity (the board played in Discord)",
    )
    discord_client_secret: SecretStr | None = Field(
        default=None, description="the application's OAuth2 client secret (never shown)"
    )
    discord_api: str = Field(
        default="https://discord.com/api/v10",
        description="Discord's HTTP API the Activity asks who a member is (tests: a stand-in)",
    )
    computer_budget_s: float = Field(default=1.0, gt=0, le=10)
    review_budget_s: float = Field(
        default=EXPERT_BUDGET_S,
        gt=0,
        le=10,
        description="seconds the expert thinks a position when it reviews a game",
    )
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
    def activity_on(self) -> bool:
        """The Activity is served only with the application's id and its secret."""
        return self.discord_client_id is not None and self.discord_client_secret is not None

    @property
    def shards(self) -> ShardSet:
        """The servers this process looks after (all of them unless SHARD_IDS says)."""
        if self.shard_count is None:
            return ALL_SHARDS
        return ShardSet(self.shard_count, frozenset(self.shard_ids) or None)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError(
                "SHARD_IDS (--shard-ids) needs SHARD_COUNT (--shard-count): the number of "
                "shards in all"
            )
        count = self.shard_count
        if count is not None and (wrong := [i for i in self.shard_ids if not 0 <= i < count]):
            raise ValueError(
                f"SHARD_IDS (--shard-ids) must lie between 0 and {count - 1}, as SHARD_COUNT "
                f"(--shard-count) is {count}: not {', '.join(map(str, wrong))}"
            )
        return self

    @field_validator("dev_guild_ids", "shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            parts = value.replace(",", " ").split()
            if not all(part.isdigit() for part in parts):
                raise ValueError(f"must be whole numbers separated by commas, not {value!r}")
            return [int(part) for part in parts]
        if isinstance(value, int):
            return [value]
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _well_formed_url(cls, value: object) -> object:
        """Empty is unset (compose passes it so); anything else must be a database URL."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        return check_url(str(value).strip())

    @field_validator("database_path", mode="before")
    @classmethod
    def _a_file(cls, value: object) -> object:
        if isinstance(value, str) and looks_like_url(value.strip()):
            raise ValueError(
                f"names a SQLite file, not a URL ({describe(value)}): put a URL in DATABASE_URL"
            )
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: object) -> object:
        return _one_of(value, LOG_LEVELS, str.upper)

    @field_validator("log_format", mode="before")
    @classmethod
    def _known_format(cls, value: object) -> object:
        return _one_of(value, LOG_FORMATS, str.lower)

    @field_validator("public_url", mode="before")
    @classmethod
    def _web_address(cls, value: object) -> object:
        """Empty is unset; else an http(s) address, kept without its trailing slash."""
        return _http_address(value, "https://axio.example.org")

    @field_validator("discord_client_id", mode="before")
    @classmethod
    def _application_id(cls, value: object) -> object:
        """Empty is unset; else the application's snowflake, digits only."""
        text = _text_or_unset(value)
        if text is None:
            return None
        if not text.isdecimal() or len(text) > 20:
            raise ValueError("must be the application's id, a number like 1234567890123456789")
        return text

    @field_validator("discord_client_secret", mode="before")
    @classmethod
    def _secret_or_off(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("discord_api", mode="before")
    @classmethod
    def _api_address(cls, value: object) -> object:
        """Empty is the default; else an http(s) address, kept without its trailing slash."""
        default = "https://discord.com/api/v10"
        return _http_address(value, default) or default

    @field_validator("metrics_port", "web_port", mode="before")
    @classmethod
    def _port_or_off(cls, value: object) -> object:
        """An empty METRICS_PORT= (as in .env.example) is off, not an error."""
        return None if isinstance(value, str) and not value.strip() else value


def _text_or_unset(value: object) -> str | None:
    """A setting's text, or None when it is empty (compose and .env.example pass `X=`)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return str(value).strip()


def _http_address(value: object, example: str) -> str | None:
    """An http(s) address without its trailing slash, or None when empty."""
    text = _text_or_unset(value)
    if text is None:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise ValueError(f"must be an address like {example}, not {text[:80]!r}")
    return text.rstrip("/")


def _one_of(value: object, allowed: tuple[str, ...], case: Callable[[str], str]) -> str:
    """A choice from a fixed list, in any case; the message names the choices."""
    chosen = case(str(value).strip())
    if chosen not in allowed:
        raise ValueError(f"must be one of {', '.join(allowed)} (any case), not {value!r}")
    return chosen


def load_settings(**overrides: object) -> tuple[Settings | None, str | None]:
    """The settings, or None and one line saying which values are wrong, each named by its
    variable, or by its flag when `overrides` (the command line's) gave it. Never the
    token (pydantic shows a SecretStr's input as '**********') nor a password: values are
    not echoed, and a URL is shown only masked."""
    try:
        return Settings(**overrides), None  # type: ignore[arg-type]
    except ValidationError as error:
        return None, "; ".join(_explain(e, overrides) for e in error.errors())
    except SettingsError as error:  # a value pydantic-settings could not even decode
        return None, describe(str(error))


def _explain(error: Any, overrides: dict[str, object]) -> str:
    message = str(error["msg"]).removeprefix("Value error, ")
    if not error["loc"]:  # a check of several values: its message names them
        return message
    field = str(error["loc"][0])
    name = field.upper()
    if field in overrides:
        name = f"--{field.replace('_', '-')} ({name})"
    return f"{name}: {message}"

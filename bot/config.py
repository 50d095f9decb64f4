"""Configuration from the environment (and an optional `.env` file).

The token is a SecretStr: it prints as '**********' in logs, reprs and error messages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="the bot's token")
    database_path: Path = Field(default=Path("data/axio.sqlite3"))
    # NoDecode: the value is a comma-separated list (or empty), not JSON.
    dev_guild_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list,
        description="guilds whose commands sync instantly (comma-separated ids)",
    )
    log_level: str = Field(default="INFO")
    computer_budget_s: float = Field(default=1.0, gt=0, le=10)
    scheduler_minutes: float = Field(default=5, gt=0)
    delivery_idle_seconds: float = Field(
        default=60,
        gt=0,
        description="longest pause of the delivery loop, which retries failed posts and "
        "resumes computer seats (retries fall due sooner and wake it)",
    )

    @field_validator("dev_guild_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(",", " ").split()]
        if isinstance(value, int):
            return [value]
        return value

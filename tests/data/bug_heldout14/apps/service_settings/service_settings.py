"""Service settings on pydantic 2: read from an environment mapping, validated, and dumped for display."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class Database(BaseModel):
    host: str = "localhost"
    port: int = Field(5432, ge=1, le=65535)
    name: str


class Settings(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    app_name: str = Field(alias="appName")
    debug: bool = False
    workers: int = Field(default=2, ge=1)
    allowed_hosts: list[str] = Field(default_factory=list, alias="allowedHosts")
    database: Database

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def split_hosts(cls, value: object) -> object:
        if isinstance(value, str):
            return [h.strip() for h in value.split(",") if h.strip()]
        return value

    @model_validator(mode="after")
    def single_worker_in_debug(self) -> Settings:
        if self.debug and self.workers > 1:
            raise ValueError("debug mode needs a single worker")
        return self


def load_settings(env: Mapping[str, str]) -> Settings:
    data = {
        "appName": env.get("APP_NAME", "demo"),
        "debug": env.get("APP_DEBUG", "false"),
        "workers": env.get("APP_WORKERS", "1"),
        "allowedHosts": env.get("APP_HOSTS", ""),
        "database": {
            "host": env.get("DB_HOST", "localhost"),
            "port": env.get("DB_PORT", "5432"),
            "name": env.get("DB_NAME", "app"),
        },
    }
    return Settings.model_validate(data)


def public_view(settings: Settings) -> dict:
    return settings.model_dump(by_alias=True, exclude={"database": {"host"}})

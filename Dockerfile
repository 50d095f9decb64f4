# AXIO bot: a small image that runs the bot as a non-root user, the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/axio.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY storage ./storage
COPY bot ./bot
RUN pip install .

RUN useradd --create-home --uid 10001 axio \
    && mkdir -p /data \
    && chown axio:axio /data
USER axio
VOLUME ["/data"]

HEALTHCHECK --interval=60s --timeout=20s --start-period=30s --retries=3 \
    CMD ["axio-bot", "check"]

CMD ["axio-bot", "run"]

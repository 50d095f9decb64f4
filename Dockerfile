# AXIO bot: a small image that runs the bot as a non-root user, the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/axio.sqlite3 \
    METRICS_PORT=9100 \
    METRICS_HOST=0.0.0.0

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
# /metrics, /healthz and /readyz (internal: scrape it from the container network, do not
# publish it to the internet).
EXPOSE 9100

# Alive: the bot's event loop answers. (Readiness, /readyz, is for what routes work to it:
# an unready bot is waiting for its database or Discord, and restarting it would not help.)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["axio-bot", "health"]

CMD ["axio-bot", "run"]

# Warboard bot: slim Python, non-root, the database on a volume, the token from the environment.
#   docker build -t warboard .
#   docker run -e DISCORD_TOKEN=... -v warboard-data:/data warboard
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PBP_DATABASE=/data/warboard.db

WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY rules ./rules
COPY render ./render
COPY data ./data
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 warboard \
    && mkdir -p /data && chown warboard:warboard /data

USER warboard
VOLUME ["/data"]
CMD ["python", "-m", "bot"]

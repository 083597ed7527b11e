# Warboard bot: slim Python, non-root, everything it writes (database, pictures) on the /data volume,
# the token from the environment. Without a token it plays in the terminal, if one is attached (-it).
#   docker build -t warboard .
#   docker run -d -e DISCORD_TOKEN=... -v warboard-data:/data warboard     # the Discord bot
#   docker run -it -v warboard-data:/data warboard --game risk               # the terminal client
# Any Python 3.11+ image with venv will do: CI, which cannot reach Docker Hub, builds on a Debian root made
# with debootstrap (.ci/image).
ARG BASE=python:3.11-slim
FROM ${BASE}
# Only for the build, never kept in the image: a CA bundle for pip behind a TLS-inspecting proxy (CI).
ARG PIP_CERT

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/warboard/bin:$PATH \
    PBP_DATABASE=/data/warboard.db \
    PBP_PICTURES=/data/pictures \
    PBP_HEARTBEAT=/tmp/warboard-heartbeat \
    WARBOARD_CONTAINER=1

WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY rules ./rules
COPY render ./render
COPY data ./data
# With the metrics extra (prometheus-client, pure Python, ~0.1 MB): PBP_METRICS_PORT turns them on.
RUN python3 -m venv /opt/warboard \
    && /opt/warboard/bin/pip install --no-cache-dir '.[metrics]' \
    && useradd --create-home --uid 10001 warboard \
    && mkdir -p /data && chown warboard:warboard /data

USER warboard
# Relative paths (anything a command writes) land in the volume, never in the root-owned /app.
WORKDIR /data
VOLUME ["/data"]
# docker stop sends SIGTERM: the bot (PID 1 here) handles it itself (bot.__main__ installs a handler as it
# starts, bot.app.serve its own once serving, and the kernel delivers to PID 1 the signals it handles),
# answers the moves in hand and exits 0 within about 8 s, inside docker's 10 s. No init is needed: the bot starts no child processes, so there are no
# zombies to reap and no signals to forward. `exec` form, so python is PID 1 and gets the signal.
STOPSIGNAL SIGTERM
# Liveness: the bot touches PBP_HEARTBEAT every 10 s while its gateway is connected, from a task on its
# event loop, so a dead gateway and a stuck loop both leave it stale; `python -m bot health` fails on one
# over a minute old. A file rather than an HTTP endpoint: no port to open or guard, nothing listening,
# and the check is the bot's own Python. (The terminal client writes none: it reports unhealthy.)
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 CMD ["python", "-m", "bot", "health"]
ENTRYPOINT ["python", "-m", "bot"]

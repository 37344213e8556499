# The mahjong-bot image (README, "Install and run"): `docker compose up -d --build` builds and runs it.
#
# Two stages. The build stage has gcc and turns the project into wheels: the project's own wheel
# carries game.hand and game.hand_tables compiled by mypyc (setup.py), beside a wheel for each
# dependency. The runtime stage installs those wheels only (no compiler, nothing fetched) and runs
# the bot as an unprivileged user, with its SQLite file (DATABASE_PATH) on the volume /data.
# Every dependency, and the build's own tools, come from the locks in requirements/ (versions and
# hashes; `make lock` refreshes them), copied before the sources: a change to the code rebuilds the
# project's wheel only, the dependencies' layer stays cached.
# RUN --mount needs BuildKit, the default builder of Docker Engine 23 and later and of Compose v2.

ARG PYTHON_IMAGE=python:3.11-slim

FROM ${PYTHON_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY requirements/ requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/build.lock \
 && pip wheel --no-cache-dir --require-hashes --wheel-dir /wheels -r requirements/runtime.lock
COPY . .
# The project's own wheel, built with the locked setuptools and mypy (no build isolation fetching the
# newest); then a check that the compiled modules really are in it, so the image never runs the slow
# pure-Python path.
RUN pip wheel --no-cache-dir --no-deps --no-build-isolation --wheel-dir /wheels . \
 && python -c "import glob, sys, zipfile; \
names = zipfile.ZipFile(glob.glob('/wheels/mahjong_bot-*.whl')[0]).namelist(); \
missing = [m for m in ('game/hand.', 'game/hand_tables.') if not any(n.startswith(m) and n.endswith('.so') for n in names)]; \
sys.exit(f'not compiled in the wheel: {missing}' if missing else 0)"

FROM ${PYTHON_IMAGE} AS runtime
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    --mount=type=bind,from=build,source=/src/requirements,target=/requirements \
    PIP_ROOT_USER_ACTION=ignore pip install --no-cache-dir --no-index --find-links=/wheels \
        --require-hashes -r /requirements/runtime.lock \
 && PIP_ROOT_USER_ACTION=ignore pip install --no-cache-dir --no-index --no-deps /wheels/mahjong_bot-*.whl
# A fixed uid and gid, so a host directory or a backup can be given to the same owner.
RUN groupadd --gid 10001 mahjong \
 && useradd --uid 10001 --gid mahjong --home-dir /data --no-create-home --shell /usr/sbin/nologin mahjong \
 && mkdir /data \
 && chown mahjong:mahjong /data
# Declared after its owner is set: a new named volume starts as a copy of /data, owned by mahjong.
VOLUME /data
WORKDIR /data
ENV DATABASE_PATH=/data/mahjong-bot.sqlite3 PYTHONUNBUFFERED=1
# /healthz and Prometheus' /metrics on port 9100 of the container (no port is published: a scraper on
# the compose network reaches bot:9100), and Docker's health check reads /healthz: 503 or no answer
# (the gateway lost, a store down) is unhealthy.
ENV METRICS_PORT=9100 METRICS_HOST=0.0.0.0
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:9100/healthz', timeout=4)"]
# mahjong, by number: a runtime that checks for a non-root user (Kubernetes' runAsNonRoot) can tell.
USER 10001:10001
# SIGINT (as SIGTERM) ends `mahjong-bot run` cleanly: the gateway closed, then the stores.
STOPSIGNAL SIGINT
ENTRYPOINT ["mahjong-bot"]
CMD ["run"]

"""The deployment files (README, "Install and run"): the Dockerfile, docker-compose.yml, .dockerignore, .env.example.

The static checks always run. The image itself is built and run only where a Docker engine answers
(tests marked ``docker``); elsewhere they skip and say why.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from core.settings import ACTIVITY_SETTINGS, Settings

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "docker-compose.yml"
DOCKERIGNORE = ROOT / ".dockerignore"
ENV_EXAMPLE = ROOT / ".env.example"
COMPILERS = ("build-essential", "gcc", "g++", "clang", "cc")


# --- the Dockerfile ---------------------------------------------------------------------------------


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined and comments dropped."""
    result: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        keyword, _, arguments = line.partition(" ")
        result.append((keyword.upper(), arguments.strip()))
    assert not pending, "the Dockerfile ends inside a continued line"
    return result


def stages(text: str) -> list[list[tuple[str, str]]]:
    """The instructions of each stage, each list starting with its FROM."""
    found: list[list[tuple[str, str]]] = []
    for instruction in instructions(text):
        if instruction[0] == "FROM":
            found.append([])
        if found:
            found[-1].append(instruction)
    return found


def env_values(stage: list[tuple[str, str]]) -> dict[str, str]:
    values: dict[str, str] = {}
    for keyword, arguments in stage:
        if keyword != "ENV":
            continue
        words = shlex.split(arguments)
        if words and "=" not in words[0]:  # the old form: ENV KEY value
            values[words[0]] = " ".join(words[1:])
        else:
            values.update(word.split("=", 1) for word in words)
    return values


@pytest.fixture(scope="module")
def dockerfile() -> list[list[tuple[str, str]]]:
    return stages(DOCKERFILE.read_text(encoding="utf-8"))


def test_the_dockerfile_has_a_build_stage_and_a_runtime_stage_fed_from_it(dockerfile):
    assert len(dockerfile) >= 2, "a build stage (with gcc) and a runtime stage (without it)"
    build_from = dockerfile[0][0][1].split()
    assert len(build_from) == 3 and build_from[1].upper() == "AS", "the build stage is named, for the runtime's --from"
    build = build_from[2]
    build_text = " ".join(arguments for _, arguments in dockerfile[0])
    assert "build-essential" in build_text and "pip wheel" in build_text
    runtime_text = " ".join(arguments for _, arguments in dockerfile[-1])
    assert f"from={build}" in runtime_text, "the runtime stage takes the wheels from the build stage"
    assert "--no-index" in runtime_text, "the runtime stage installs the built wheels only, fetching nothing"


def test_the_runtime_stage_installs_no_compiler_and_copies_no_sources(dockerfile):
    for keyword, arguments in dockerfile[-1][1:]:
        words = set(re.split(r"[\s;&|=]+", arguments))
        assert not words & set(COMPILERS), f"{keyword} {arguments}: a compiler in the runtime stage"
        if keyword in ("COPY", "ADD"):
            assert "--from=" in arguments, f"{keyword} {arguments}: the runtime stage takes only built files"


def test_the_bot_runs_as_a_user_that_is_not_root_set_before_the_entrypoint(dockerfile):
    runtime = dockerfile[-1]
    keywords = [keyword for keyword, _ in runtime]
    assert "USER" in keywords and "ENTRYPOINT" in keywords
    users = [arguments for keyword, arguments in runtime if keyword == "USER"]
    assert keywords.index("USER") < keywords.index("ENTRYPOINT")
    last = len(keywords) - 1 - keywords[::-1].index("USER")
    assert last < keywords.index("ENTRYPOINT"), "no USER after the ENTRYPOINT changes who runs it"
    user = users[-1].split(":")[0]
    assert user not in ("root", "0")
    created = " ".join(arguments for keyword, arguments in runtime if keyword == "RUN" and "useradd" in arguments)
    assert re.search(rf"--uid {user}\b", created) or re.search(rf"\b{user}\s*($|&&|;)", created), (
        f"USER {user} is a user the stage creates"
    )


def test_the_data_lives_on_the_volume_data_owned_by_the_bot_user(dockerfile):
    runtime = dockerfile[-1]
    keywords = [keyword for keyword, _ in runtime]
    volumes = [arguments for keyword, arguments in runtime if keyword == "VOLUME"]
    declared = [
        path
        for arguments in volumes
        for path in (json.loads(arguments) if arguments.startswith("[") else arguments.split())
    ]
    assert "/data" in declared
    database = env_values(runtime).get("DATABASE_PATH", "")
    assert database.startswith("/data/"), f"DATABASE_PATH={database!r} is not on the volume"
    assert ("WORKDIR", "/data") in runtime, "the working directory (where .env and relative paths go) is /data"
    chown = [
        index
        for index, (keyword, arguments) in enumerate(runtime)
        if keyword == "RUN" and "chown" in arguments and "/data" in arguments
    ]
    assert chown and chown[0] < keywords.index("VOLUME"), (
        "/data is given to the bot's user before VOLUME (later changes to it are not kept)"
    )


def test_the_entrypoint_is_the_installed_command_and_it_stops_on_sigint(dockerfile):
    runtime = dockerfile[-1]
    entrypoint = json.loads(dict(runtime)["ENTRYPOINT"])  # the exec form: the command is PID 1 and gets the signal
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert entrypoint == ["mahjong-bot"] and "mahjong-bot" in scripts
    assert json.loads(dict(runtime)["CMD"]) == ["run"]
    # As PID 1, Python ignores the default SIGTERM; SIGINT ends discord.py's run() cleanly.
    assert dict(runtime).get("STOPSIGNAL") == "SIGINT"


def test_the_image_serves_health_and_its_health_check_reads_it(dockerfile):
    runtime = dict(dockerfile[-1])
    values = env_values(dockerfile[-1])
    assert values["METRICS_PORT"] == "9100" and values["METRICS_HOST"] == "0.0.0.0"
    check = runtime["HEALTHCHECK"]
    assert "--start-period" in check and "http://127.0.0.1:9100/healthz" in check


# --- .dockerignore ------------------------------------------------------------------------------------


def dockerignore_patterns() -> list[re.Pattern[str]]:
    patterns = []
    for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        assert not line.startswith("!"), "exceptions are not understood by this check"
        expression = ""
        rest = line.strip("/")
        while rest:
            if rest.startswith("**/"):
                expression, rest = expression + "(?:.*/)?", rest[3:]
            elif rest.startswith("**"):
                expression, rest = expression + ".*", rest[2:]
            elif rest[0] == "*":
                expression, rest = expression + "[^/]*", rest[1:]
            elif rest[0] == "?":
                expression, rest = expression + "[^/]", rest[1:]
            else:
                expression, rest = expression + re.escape(rest[0]), rest[1:]
        patterns.append(re.compile(expression + r"\Z"))
    return patterns


def ignored(path: str, patterns: list[re.Pattern[str]]) -> bool:
    """Docker's rule: a path is left out when it or one of its parent folders matches a pattern."""
    parts = path.split("/")
    return any(pattern.match("/".join(parts[:end])) for end in range(1, len(parts) + 1) for pattern in patterns)


@pytest.mark.parametrize(
    "path",
    [
        ".env",
        ".venv/bin/python",
        ".git/HEAD",
        "mahjong-bot.sqlite3",
        "mahjong-bot.sqlite3-wal",
        "game_hand__mypyc.cpython-311-x86_64-linux-gnu.so",
        "game/hand.cpython-311-x86_64-linux-gnu.so",
        "build/lib/game/hand.py",
        "mahjong_bot.egg-info/PKG-INFO",
        "game/__pycache__/hand.cpython-311.pyc",
        ".pytest_cache/README.md",
        "benchmarks/hk_crosscheck/node_modules/hk-mahjong/package.json",
    ],
)
def test_the_build_context_leaves_out(path):
    assert ignored(path, dockerignore_patterns())


@pytest.mark.parametrize(
    "path",
    [
        "pyproject.toml",
        "setup.py",
        "README.md",
        "game/hand.py",
        "game/hand_tables.py",
        "bot/app.py",
        "cli/__init__.py",
        "data/live_sqlite.py",
        "render/assets/ukai-tiles.ttf",
    ],
)
def test_the_build_context_keeps_what_the_wheel_is_built_from(path):
    assert (ROOT / path).exists()
    assert not ignored(path, dockerignore_patterns())


# --- docker-compose.yml (read line by line: PyYAML is no dependency of the project) ---------------------


def indented_blocks(lines: list[str]) -> dict[str, list[str]]:
    """The keys of a YAML block at its own (smallest) indentation, each with the lines under it."""
    lines = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        return {}
    indent = min(len(line) - len(line.lstrip()) for line in lines)
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        if len(line) - len(line.lstrip()) == indent:
            key, _, value = line.strip().partition(":")
            current = blocks.setdefault(key.strip(), [])
            if value.strip():
                current.append(" " * (indent + 2) + value.strip())
        elif current is not None:
            current.append(line)
    return blocks


@pytest.fixture(scope="module")
def compose() -> dict[str, dict[str, str]]:
    """Each service's text, and the top-level named volumes under the key ``volumes:``."""
    top = indented_blocks(COMPOSE.read_text(encoding="utf-8").splitlines())
    services = {name: "\n".join(lines) for name, lines in indented_blocks(top.get("services", [])).items()}
    return {"services": services, "volumes": {name: "" for name in indented_blocks(top.get("volumes", []))}}


def test_compose_runs_the_bot_and_redis_and_postgresql_on_request(compose):
    assert set(compose["services"]) == {"bot", "redis", "postgres"}
    postgres = compose["services"]["postgres"]
    assert re.search(r'profiles:\s*\["postgres"\]', postgres), "PostgreSQL starts only with --profile postgres"
    assert re.search(r"-\s*(\S+):/var/lib/postgresql/data\b", postgres).group(1) in compose["volumes"]
    assert re.search(r"healthcheck:[\s\S]*pg_isready", postgres)
    bot = compose["services"]["bot"]
    assert re.search(r"postgres:\s*\n\s*condition:\s*service_healthy\s*\n\s*required:\s*false", bot)


def test_redis_keeps_an_append_only_file_on_a_named_volume_and_says_when_it_is_ready(compose):
    redis = compose["services"]["redis"]
    assert re.search(r"image:\s*redis:", redis)
    assert re.search(r"command:.*--appendonly yes", redis)
    assert re.search(r"-\s*(\S+):/data\b", redis).group(1) in compose["volumes"]
    assert re.search(r"healthcheck:[\s\S]*redis-cli[\s\S]*ping", redis)


def test_the_bot_uses_the_redis_service_and_keeps_its_ledger_on_a_named_volume(compose):
    bot = compose["services"]["bot"]
    assert re.search(r"build:\s*\.\s*$", bot, re.MULTILINE)
    assert re.search(r"env_file:\s*\.env\b", bot)
    url = re.search(r"REDIS_URL\s*[=:]\s*[\"']?redis://([^:/\s\"']+)", bot)
    assert url and url.group(1) in compose["services"], "REDIS_URL names the compose service"
    assert re.search(r"-\s*(\S+):/data\b", bot).group(1) in compose["volumes"]
    assert re.search(r"depends_on:[\s\S]*redis:[\s\S]*condition:\s*service_healthy", bot)
    assert re.search(r"restart:\s*unless-stopped", bot)


def test_compose_publishes_no_port(compose):
    for name, text in compose["services"].items():
        assert not re.search(r"^\s*(ports|network_mode):", text, re.MULTILINE), f"{name} opens a way in"


# --- .env.example ---------------------------------------------------------------------------------------


def example_assignments() -> dict[str, tuple[bool, str, str]]:
    """NAME -> (commented out, value, the line above it)."""
    lines = ENV_EXAMPLE.read_text(encoding="utf-8").splitlines()
    found = {}
    for index, line in enumerate(lines):
        match = re.fullmatch(r"(#\s*)?([A-Z][A-Z0-9_]*)=(.*)", line.strip())
        if match:
            found[match.group(2)] = (bool(match.group(1)), match.group(3), lines[index - 1] if index else "")
    return found


def settings_variables() -> list[str]:
    """Every variable ``Settings.from_env`` reads (SPEC §4.1's, as far as the bot has them), from its code."""
    names = re.findall(r'values\.get\("([A-Z][A-Z0-9_]*)"', inspect.getsource(Settings.from_env))
    names += ACTIVITY_SETTINGS  # read together: all three or none
    assert "DISCORD_TOKEN" in names and "REDIS_URL" in names
    return sorted(set(names))


def test_the_env_example_lists_every_setting_each_with_a_comment():
    names = settings_variables()
    found = example_assignments()
    assert sorted(found) == sorted(names)
    for name in names:
        assert found[name][2].startswith("# "), f"{name} has a one-line comment above it"


def test_the_env_example_leaves_the_token_empty_and_every_default_as_it_is(tmp_path):
    found = example_assignments()
    assert found["DISCORD_TOKEN"][:2] == (False, ""), "DISCORD_TOKEN= stands uncommented and empty"
    filled = ENV_EXAMPLE.read_text(encoding="utf-8").replace("\nDISCORD_TOKEN=\n", "\nDISCORD_TOKEN=a-token\n")
    (tmp_path / ".env").write_text(filled, encoding="utf-8")
    # the command's own default: one drawing process (a bot built in code draws in threads unless told)
    assert Settings.from_env({}, env_file=str(tmp_path / ".env")) == Settings(token="a-token", drawing_processes=1)


# --- the image, where a Docker engine answers -------------------------------------------------------------


def no_engine() -> str | None:
    """Why the image cannot be built here, or None."""
    docker = shutil.which("docker")
    if docker is None:
        return "no docker command"
    try:
        answer = subprocess.run(
            [docker, "info", "--format", "{{.ServerVersion}}"], capture_output=True, text=True, timeout=10
        )
    except subprocess.TimeoutExpired:
        return "docker info did not answer within 10 s"
    if answer.returncode != 0:
        lines = (answer.stderr or answer.stdout).strip().splitlines()
        return "no Docker engine answers: " + (lines[-1] if lines else f"docker info exited {answer.returncode}")
    return None


# What a build prints when the engine, not the Dockerfile, is what fails: no BuildKit (the Dockerfile's
# RUN --mount needs it), a client without its buildx plugin, no registry to pull the base image from.
ENGINE_LIMITS = {
    "the --mount option requires BuildKit": "no BuildKit (Docker Engine 23 or later, or DOCKER_BUILDKIT=1)",
    "buildx component is missing or broken": "the docker client lacks its buildx plugin",
    "pull access denied": "the base image cannot be pulled",
    "failed to resolve source metadata": "the base image cannot be pulled",
    "failed to do request": "the registry is not reachable",
    "Cannot connect to the Docker daemon": "no Docker engine answers",
}


def engine_cannot_build(output: str) -> str | None:
    """Why the engine could not build, when its output says so (None: the build itself failed)."""
    return next((reason for said, reason in ENGINE_LIMITS.items() if said in output), None)


def test_a_build_the_engine_cannot_do_is_told_from_a_broken_dockerfile():
    assert engine_cannot_build("ERROR: BuildKit is enabled but the buildx component is missing or broken.")
    assert engine_cannot_build("the --mount option requires BuildKit. Refer to https://docs.docker.com/go/buildkit/")
    assert engine_cannot_build("ERROR [build 4/6] RUN pip wheel ... exit code: 1") is None


@pytest.fixture(scope="module")
def image():
    reason = no_engine()
    if reason:
        pytest.skip(reason)
    tag = f"mahjong-bot-test:{os.getpid()}"
    built = subprocess.run(
        ["docker", "build", "--tag", tag, str(ROOT)],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "DOCKER_BUILDKIT": "1"},
    )
    output = built.stdout + built.stderr
    if built.returncode != 0 and engine_cannot_build(output):
        pytest.skip(f"this Docker engine cannot build the image: {engine_cannot_build(output)}")
    assert built.returncode == 0, "docker build failed:\n" + output[-4000:]
    yield tag
    subprocess.run(["docker", "image", "rm", "--force", tag], capture_output=True, timeout=120)


def docker_run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["docker", "run", "--rm", *arguments], capture_output=True, text=True, timeout=300)


@pytest.mark.docker
def test_the_image_answers_help_with_the_usage_of_mahjong_bot(image):
    shown = docker_run(image, "--help")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("usage: mahjong-bot")


@pytest.mark.docker
def test_the_image_without_a_token_exits_with_status_2_and_says_where_to_get_one(image):
    ran = docker_run(image, "run")
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "DISCORD_TOKEN" in ran.stderr and "Reset Token" in ran.stderr


@pytest.mark.docker
def test_the_image_runs_compiled_as_its_own_user_without_a_compiler_and_can_write_its_volume(image):
    probe = (
        "import json, os, shutil, game.hand, game.hand_tables; "
        "open(os.environ['DATABASE_PATH'], 'w').close(); "
        "print(json.dumps({'uid': os.getuid(), 'cwd': os.getcwd(), 'database': os.environ['DATABASE_PATH'], "
        "'compiled': [m.__file__.endswith('.so') for m in (game.hand, game.hand_tables)], "
        "'compilers': [c for c in ('gcc', 'cc', 'g++') if shutil.which(c)]}))"
    )
    ran = docker_run("--entrypoint", "python", image, "-c", probe)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == {
        "uid": 10001,
        "cwd": "/data",
        "database": "/data/mahjong-bot.sqlite3",
        "compiled": [True, True],
        "compilers": [],
    }

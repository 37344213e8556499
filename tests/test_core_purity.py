"""The core (``core/``) is the application without its surfaces: importing every module of it, in a fresh
interpreter, loads neither discord.py, Pillow nor aiohttp; the event bus knows no feature's events; and the
surfaces (``bot/``, ``web/``) import nothing of each other: the root (``cli/``) composes them."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORE = ROOT / "core"
SURFACE_LIBRARIES = ("discord", "PIL", "aiohttp")


def core_modules() -> list[str]:
    return sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__") for path in CORE.rglob("*.py")
    )


def loaded_libraries(modules: list[str]) -> set[str]:
    probe = (
        f"import sys; import {', '.join(modules)}; "
        "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})))"
    )
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(found.stdout.split()) & set(SURFACE_LIBRARIES)


def test_the_core_loads_no_surfaces_library() -> None:
    modules = core_modules()
    assert {"core.events", "core.tables.service", "core.solitaire.service"} <= set(modules)
    assert loaded_libraries(modules) == set()


def test_the_check_sees_a_module_that_loads_one() -> None:
    assert loaded_libraries(["core.events", "bot.tables.clicks"]) >= {"discord"}


def test_the_bus_knows_no_features_events() -> None:
    tree = ast.parse((CORE / "events.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not {module for module in imported if module.startswith(("core.tables", "core.solitaire"))}


def _imported_modules(package: str) -> set[tuple[str, str]]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add((str(path.relative_to(ROOT)), node.module))
            elif isinstance(node, ast.Import):
                found.update((str(path.relative_to(ROOT)), alias.name) for alias in node.names)
    return found


def _imports_of(package: str, other: str) -> set[tuple[str, str]]:
    return {(path, module) for path, module in _imported_modules(package) if module.split(".")[0] == other}


def test_the_surfaces_import_nothing_of_each_other() -> None:
    """The root (``cli/``: ``mahjong-bot run`` and ``mahjong-bot web``) composes the Discord surface and the
    page; neither imports the other, not even inside a function or for types only."""
    assert _imports_of("bot", "web") == set()
    assert _imports_of("web", "bot") == set()


def test_the_core_imports_neither_surface() -> None:
    assert _imports_of("core", "bot") | _imports_of("core", "web") == set()


def test_the_check_sees_an_import_inside_a_function() -> None:
    """``cli/run.py`` imports the page's start inside the function that composes it with the bot's."""
    assert ("cli/run.py", "web.startup") in _imports_of("cli", "web")


def _import_graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module of ``packages`` and the modules of them it imports (type-only imports too), a package
    ``from a import b`` counted as an import of ``a.b`` where that is a module."""
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for package in packages
        for path in (ROOT / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(target for target in targets if target in modules and target != name)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of two or more modules that import each other, directly or round a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_core_and_the_stores_import_in_no_circle() -> None:
    graph = _import_graph(("core", "data"))
    assert not {module for module in graph["core.ratings.matches"] if module.startswith("data")}
    assert _cycles(graph) == []


def test_the_circle_check_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_the_interactions_type_the_bot_by_a_protocol_not_by_its_client_class() -> None:
    """``bot/interaction.py`` names what the commands use of the bot (``Bot``), so nothing that answers an
    interaction depends on ``bot/app.py``, which composes them all."""
    assert "bot.app" not in {module for path, module in _imported_modules("bot") if path == "bot/interaction.py"}

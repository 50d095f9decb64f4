"""The layers of `shared/DESIGN.md`, read from the source with `ast`: every import of every
module (at the top, inside functions, under `TYPE_CHECKING`) is an edge, and

- the edges between our packages go one way: bot's commands → table → screens →
  storage/render → engine, and only the core (`app`, `cli`, `config`, `playground`)
  imports `bot.app`; operations (`bot.ops`: metrics, health, logs, the operator's
  commands) sit beside them over storage, and only the commands and the core use them;
  the web room (`bot.web`: the game pages) reads screens' words, storage and the engine,
  and draws a link's board picture with render,
  and only the core (which starts it) imports it;
- no modules import each other in a circle, however long;
- `engine/` imports nothing but the standard library and itself.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "storage", "bot")
CORE = {
    "bot", "bot.app", "bot.catalog", "bot.cli", "bot.config", "bot.playground",
    "bot.playground_rooms", "bot.web_alone",
}  # fmt: skip

MAY_IMPORT: dict[str, tuple[str, ...]] = {
    "engine": ("engine",),
    "render": ("render", "engine"),
    "storage": ("storage", "engine"),
    "bot.i18n": ("bot.i18n",),
    "bot.screens": ("bot.screens", "bot.i18n", "storage", "render", "engine"),
    "bot.table": ("bot.table", "bot.screens", "bot.i18n", "storage", "render", "engine"),
    "bot.ops": ("bot.ops", "storage"),
    "bot.web": ("bot.web", "bot.screens", "bot.i18n", "storage", "render", "engine"),
    "bot.commands": (
        "bot.commands",
        "bot.table",
        "bot.screens",
        "bot.i18n",
        "bot.ops",
        "storage",
        "render",
        "engine",
    ),
}
"""Which of our packages each layer may import (third-party libraries aside). The core may
import anything."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module `name` imports: absolute, relative and `from package import module`
    (an edge to that module, not to its package, which is not run again)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # `from package import module` needs only the module
                submodule = f"{target}.{alias.name}"
                found.add(submodule if submodule in known else target)
    return {module for module in found if module in known or module.split(".")[0] not in known}


def ours(module: str) -> bool:
    return module.split(".")[0] in PACKAGES


def layer_of(module: str) -> str | None:
    """The most specific entry of MAY_IMPORT that `module` belongs to (None: the core)."""
    matches = [layer for layer in MAY_IMPORT if module == layer or module.startswith(layer + ".")]
    return max(matches, key=len) if matches else None


MODULES = source_modules()
GRAPH = {
    name: {m for m in imported(name, path, set(MODULES)) if m in MODULES and m != name}
    for name, path in MODULES.items()
}


def test_every_package_is_read():
    for layer in MAY_IMPORT:
        assert layer in MODULES, f"{layer} has no __init__.py to say what lives there"
    assert {"bot.app", "engine.game", "storage.db", "render.table"} <= set(MODULES)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_one_way(module: str):
    layer = layer_of(module)
    if layer is None:
        assert module in CORE, f"{module} belongs to no layer: put it in one"
        return
    allowed = MAY_IMPORT[layer]
    wrong = sorted(
        target
        for target in GRAPH[module]
        if not any(target == a or target.startswith(a + ".") for a in allowed)
    )
    assert not wrong, f"{module} ({layer}) imports {wrong}, against the layers"


def test_nothing_but_the_core_imports_the_app():
    for module, targets in GRAPH.items():
        if "bot.app" in targets:
            assert module in CORE, f"{module} imports bot.app"


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively: the groups of modules that reach each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                groups.append(sorted(group))
    return groups


def test_no_circles_between_modules():
    circles = [group for group in strongly_connected(GRAPH) if len(group) > 1]
    assert not circles, f"these modules import each other in a circle: {circles}"


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [g for g in strongly_connected(graph) if len(g) > 1] == [["a", "b", "c"]]


def test_engine_imports_only_the_standard_library():
    for module, path in MODULES.items():
        if not module.startswith("engine"):
            continue
        for target in imported(module, path, set(MODULES)):
            top = target.split(".")[0]
            assert top == "engine" or top in sys.stdlib_module_names or top == "__future__", (
                f"{module} imports {target}, which is neither the standard library nor engine"
            )

"""Every module of an app has its place in the app-layers contract (pyproject.toml, issue 26
"Deliver" 7): a module the contract does not name is fenced by nothing, so a new interface could
be imported by a service, or a new reader could reach an interface, without a check failing."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_MODULES = {"__init__", "__pycache__", "migrations", "templates", "static", "locale"}


def _contract(contract_id: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == contract_id)


def _modules(app: str) -> set[str]:
    names = set()
    for path in (ROOT / app).iterdir():
        if path.suffix == ".py" or (path.is_dir() and (path / "__init__.py").exists()):
            names.add(path.stem)
    return names - NOT_MODULES


def test_every_module_of_an_app_is_in_a_layer():
    layers = _contract("app-layers")
    placed = set(re.findall(r"\((\w+)\)", " ".join(layers["layers"])))
    unplaced = sorted(
        f"{app}.{name}"
        for app in layers["containers"]
        for name in _modules(app)
        if name not in placed
    )
    assert unplaced == [], "add these to a layer of app-layers in pyproject.toml"


def test_every_interface_is_kept_from_the_layers_below():
    """The interfaces' names in app-layers' top layer are those the services, selectors, models
    and domain may not import (no-interface-below) and access may not (access-below-interfaces)."""
    top = set(re.findall(r"\((\w+)\)", _contract("app-layers")["layers"][0]))
    for contract_id in ("no-interface-below", "access-below-interfaces"):
        forbidden = {m.removeprefix("*.") for m in _contract(contract_id)["forbidden_modules"]}
        missing = sorted(top - forbidden - {"auth"})  # tournament.auth: the login backend
        assert missing == [], f"{contract_id} does not forbid {missing}"

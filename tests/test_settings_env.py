"""Settings read from the environment fail loudly on bad values."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list


def test_env_bool_reads_common_spellings(monkeypatch):
    monkeypatch.setenv("X_FLAG", "Yes")
    assert env_bool("X_FLAG") is True
    monkeypatch.setenv("X_FLAG", "0")
    assert env_bool("X_FLAG", True) is False


def test_env_bool_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        env_bool("X_FLAG")


def test_env_int_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("X_NUM", "ten")
    with pytest.raises(ImproperlyConfigured, match="X_NUM"):
        env_int("X_NUM", 1)


def test_env_list_splits_and_trims(monkeypatch):
    monkeypatch.setenv("X_LIST", " a.org, b.org ,,")
    assert env_list("X_LIST", []) == ["a.org", "b.org"]

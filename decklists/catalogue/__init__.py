"""The card catalogue shipped with Tandem: see README.md beside this file."""

from pathlib import Path

SHIPPED_DIR = Path(__file__).resolve().parent

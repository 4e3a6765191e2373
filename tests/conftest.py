"""Shared fixtures: where the samples are, and text snapshots."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


@pytest.fixture
def samples_dir() -> Path:
    return SAMPLES


class TextSnapshot(SingleFileSnapshotExtension):
    """One UTF-8 text file per snapshot."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def snap(snapshot):
    return snapshot.use_extension(TextSnapshot)

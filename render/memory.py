"""How a process that draws pictures should hold its memory (glibc's allocator).

A picture passes through a few buffers of a megabyte each (the canvas, its rows, the
compressed bytes). glibc gives a buffer that large its own fresh pages (`mmap`) and hands
them back when it is freed, or keeps it in its heap but gives the heap's free top back
past a threshold (twice the largest buffer freed): either way the next picture's buffers
are fresh pages, and touching a megabyte of fresh pages (the kernel zeroes each) cost a
third of a table's time. With both thresholds fixed at `PICTURE_HEAP`, the buffers come
from the heap and go back to it, and a process keeps at most that much free memory for the
next picture. The picture workers call `keep_picture_memory()` once at start
(`bot.table.painter`); elsewhere (another C library, another system) it does nothing.
"""

from __future__ import annotations

import ctypes
import sys

PICTURE_HEAP = 16 * 2**20
"""Buffers up to this size come from the heap, and the heap keeps this much free."""
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3


def keep_picture_memory() -> bool:
    """Fix glibc's thresholds for this process (see above); whether it did."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # noqa: B018 (glibc only: musl's mallopt does nothing)
        mallopt = libc.mallopt
    except (AttributeError, OSError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, PICTURE_HEAP) and mallopt(M_TRIM_THRESHOLD, PICTURE_HEAP))

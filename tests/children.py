"""Child processes a test starts: none outlives the test that started it, whether the test
passed, failed or gave up waiting."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


@asynccontextmanager
async def reaped(child: asyncio.subprocess.Process) -> AsyncIterator[asyncio.subprocess.Process]:
    """`child`, killed and waited for on the way out if it is still running."""
    try:
        yield child
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()

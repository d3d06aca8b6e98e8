import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from squigbowl.net.server import Server  # noqa: E402


@pytest.fixture
def short_tmp(tmp_path_factory):
    """A folder with a short path: a Unix socket's path holds about 107 bytes."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="sqb-"))
    yield folder
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def server(short_tmp):
    """A server in this process on a Unix socket in a fresh saves folder."""
    srv = Server(short_tmp / "saves")
    (short_tmp / "saves").mkdir()
    await srv.start_unix(short_tmp / "s.sock")
    yield srv
    await srv.close()

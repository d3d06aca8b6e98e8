"""Where the server listens (issue 14; docs/network.md, "Starting the server"): a user-only Unix
socket, a group's with --group, a leftover socket replaced, anything else in the way refused,
TCP on the loopback only."""

from __future__ import annotations

import grp
import os
import stat

import pytest

from squigbowl.net.client import Client
from squigbowl.net.server import Server, ServerError, default_socket, parse_tcp


async def test_group_makes_the_socket_0660_for_that_group(short_tmp):
    group = grp.getgrgid(os.getgid()).gr_name
    srv = Server(short_tmp)
    try:
        path = await srv.start_unix(short_tmp / "g.sock", group=group)
        st = os.stat(path)
        assert stat.S_IMODE(st.st_mode) == 0o660 and st.st_gid == os.getgid()
    finally:
        await srv.close()


async def test_an_unknown_group_stops_the_server(short_tmp):
    srv = Server(short_tmp)
    with pytest.raises(ServerError):
        await srv.start_unix(short_tmp / "g.sock", group="no-such-group-sqb")
    await srv.close()


async def test_a_live_server_or_a_file_in_the_way_is_not_touched(server, short_tmp):
    other = Server(short_tmp)
    with pytest.raises(ServerError, match="already listens"):
        await other.start_unix(server.socket_path)
    mine = short_tmp / "notes.txt"
    mine.write_text("keep me")
    with pytest.raises(ServerError, match="not a socket"):
        await other.start_unix(mine)
    assert mine.read_text() == "keep me"
    await other.close()


async def test_a_leftover_socket_is_replaced(short_tmp):
    import socket

    path = short_tmp / "old.sock"
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(path))
    dead.close()                                # a killed server's file: nobody listens
    srv = Server(short_tmp)
    try:
        await srv.start_unix(path)
        c = await Client.connect(path)
        assert (await c.request({"type": "ping"}))["type"] == "pong"
        await c.close()
    finally:
        await srv.close()


async def test_tcp_on_the_loopback_only(short_tmp):
    srv = Server(short_tmp)
    try:
        with pytest.raises(ServerError):
            await srv.start_tcp("0.0.0.0", 0)
        host, port = await srv.start_tcp("127.0.0.1", 0)
        c = await Client.connect(tcp=(host, port))
        assert c.hello["protocol"] == 1
        assert (await c.request({"type": "rooms"}))["rooms"] == []
        await c.close()
    finally:
        await srv.close()
    assert parse_tcp("127.0.0.1:7777") == ("127.0.0.1", 7777)
    with pytest.raises(ServerError):
        parse_tcp("7777")


def test_the_default_socket_is_in_the_saves_folder(tmp_path, monkeypatch):
    assert default_socket(tmp_path) == tmp_path / "server.sock" or len(str(tmp_path)) > 90
    deep = tmp_path / ("x" * 120)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert default_socket(deep) == tmp_path / "squigbowl.sock"


def test_serve_on_the_command_line_refuses_bad_options(short_tmp, capsys):
    from squigbowl.cli import main

    assert main(["serve", "--saves", str(short_tmp), "--rate", "0"]) == 2
    assert main(["serve", "--saves", str(short_tmp), "--socket", str(short_tmp / "c.sock"),
                 "--tcp", "0.0.0.0:7777"]) == 2
    err = capsys.readouterr().err
    assert "--rate" in err and "loopback only" in err
    assert not (short_tmp / "c.sock").exists()

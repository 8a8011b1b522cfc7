"""The garbage collector held off while a catalogue is read, and given back after."""

from __future__ import annotations

import gc

import pytest

from paperlist.util.collector import collector_paused


@pytest.fixture(autouse=True)
def _collector_on():
    was_on = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was_on else gc.disable)()


def test_the_collector_is_off_inside_and_back_on_after():
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: still off, and the outer block's to restore
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_failure_inside_gives_the_collector_back():
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a page that cannot be read")
    assert gc.isenabled()


def test_a_caller_that_turned_the_collector_off_keeps_it_off():
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()

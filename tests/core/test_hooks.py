"""core.hooks: each hook has one meaning (call all, first answer, sum)."""

from core.hooks import CallAll, FirstAnswer, Sum


def test_call_all_answers_in_registration_order():
    hook: CallAll[[int], int] = CallAll("double")
    hook.register(lambda x: x * 2)
    hook.register(lambda x: x * 3)
    assert hook(5) == [10, 15]


def test_registering_the_same_function_twice_answers_once():
    hook: CallAll[[], str] = CallAll("once")

    def answer() -> str:
        return "yes"

    hook.register(answer)
    hook.register(answer)  # a ready() that runs twice
    assert hook() == ["yes"]


def test_first_answer_skips_none_and_stops_at_the_first_answer():
    calls: list[str] = []
    hook: FirstAnswer[[str], str] = FirstAnswer("first")

    def silent(x: str) -> None:
        calls.append("silent")

    def speaks(x: str) -> str:
        calls.append("speaks")
        return x.upper()

    def never(x: str) -> str:
        calls.append("never")
        return "late"

    for fn in (silent, speaks, never):
        hook.register(fn)
    assert hook("go") == "GO"
    assert calls == ["silent", "speaks"]


def test_first_answer_is_none_when_nobody_answers():
    assert FirstAnswer("nobody")() is None


def test_sum_adds_mappings_key_by_key():
    hook: Sum[[], int] = Sum("points")
    hook.register(lambda: {1: 1, 2: 3})
    hook.register(lambda: {2: 1, 7: 2})
    assert hook() == {1: 1, 2: 4, 7: 2}
    assert Sum("empty")() == {}


def test_connected_registers_only_inside_the_block():
    hook: CallAll[[], int] = CallAll("temporary")
    with hook.connected(lambda: 1):
        assert hook() == [1]
    assert hook() == []
    assert hook.receivers == ()

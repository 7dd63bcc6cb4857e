"""Which turns a transcript has, what each answers, and what each scans (Contracts: turns, triggers)."""

from __future__ import annotations

from skillkit.studio.turns import plan_turns
from skillkit.transcripts import load_transcript, parse_transcript
from tests.conftest import FIXTURES

TRANSCRIPTS = FIXTURES / "transcripts"


def plan(name: str):
    return plan_turns(load_transcript(TRANSCRIPTS / name))


def yaml_plan(text: str):
    return plan_turns(parse_transcript(text.encode(), "t.yaml"))


def test_tool_results_and_what_follows_them_belong_to_the_reply():
    turns = plan("openai.json")
    assert [(t.kind, t.answering, t.messages) for t in turns] == [
        ("reply", 1, (2, 3, 4)),          # assistant, its tool result, the assistant after it
        ("reply", 4, (5,)),               # two assistant messages in a row: two replies, the second
                                          # answering the first, as SillyTavern scans a group chat
        ("reply", 6, (7, 8)),
    ]                                      # it ends on tool results: no next-reply turn
    assert [c.name for c in turns[0].calls] == ["open_skill"]


def test_a_transcript_ending_on_a_message_that_is_not_a_reply_adds_the_next_reply():
    turns = yaml_plan("- user: hi\n- assistant: yo\n- user: bye\n")
    assert [(t.number, t.kind, t.answering) for t in turns] == [(1, "reply", 0), (2, "next", 2)]
    assert [t.kind for t in yaml_plan("- user: hi\n- assistant: yo\n")] == ["reply"]


def test_an_empty_transcript_is_one_next_reply_answering_nothing():
    turns = plan("empty.json")
    assert [(t.kind, t.answering, t.answered) for t in turns] == [("next", None, None)]


def test_a_reply_with_nothing_before_it_answers_null_and_scans_nothing():
    turns = plan("tavern.jsonl")
    assert (turns[0].answering, turns[0].answered) == (None, None)   # the character's greeting


def test_an_empty_message_takes_a_slot_and_tool_messages_take_none():
    turns = plan("slots.json")
    from skillkit.triggers.scan import scan_text
    assert scan_text(turns[-1].answered, 2) == "\x01Hello?\n\x01"
    assert scan_text(turns[-1].answered, 9) == "\x01Hello?\n\x01\n\x01Will it rain?"


def test_hidden_messages_are_not_scanned_and_narrator_messages_are_answered():
    from skillkit.triggers.scan import scan_text
    turns = plan("tavern.jsonl")
    assert [(t.kind, t.answering) for t in turns] == [("reply", None), ("reply", 1), ("reply", 6), ("next", 8)]
    assert scan_text(turns[2].answered, 2) == ("\x01A storm rolls in over the harbour.\n"
                                               "\x01The kingdom fell at Greyford, three hundred years ago.")


def test_continue_appends_and_swipes_replace():
    from skillkit.triggers.scan import scan_text
    turns = plan("activation.yaml")
    kinds = [(t.number, t.kind, t.answering) for t in turns]
    assert kinds[2:7] == [(3, "reply", 7), (4, "continue", 7), (5, "reply", 10), (6, "swipe", 10),
                          (7, "regenerate", 10)]
    # Turn 8 answers "Thanks.": before it, the regenerated "Soup." (not "Stew." nor "Bread."),
    # and before that the continued reply as one message.
    assert scan_text(turns[7].answered, 4) == ("\x01Thanks.\n\x01Soup.\n\x01What should I eat?\n"
                                               "\x01Perhaps. Clouds are gathering.")
    assert turns[3].answered is turns[2].answered   # a continue scans what its reply scanned


def test_names_prefix_each_scanned_message_and_a_continue_keeps_one_prefix():
    from skillkit.triggers.scan import scan_text
    text = ("- user: Hi there.\n  name: Ann\n- assistant: '  Well'\n  name: Bob\n"
            "- continue: ', well.'\n  name: Bob\n- user: ''\n  name: Ann\n")
    turns = plan_turns(parse_transcript(text.encode(), "t.yaml"), lambda m: m.name)
    assert [(t.kind, t.answering) for t in turns] == [("reply", 0), ("continue", 0), ("next", 3)]
    # SillyTavern trims `Name: text` as a whole; an empty message still reads `Name:`
    assert scan_text(turns[-1].answered, 3) == "\x01Ann:\n\x01Bob:   Well, well.\n\x01Ann: Hi there."


def test_a_swipe_of_a_reply_after_a_reply_answers_what_the_swiped_reply_answered():
    text = "- user: hi\n- assistant: one\n- assistant: two\n- swipe: deux\n"
    turns = yaml_plan(text)
    assert [(t.kind, t.answering) for t in turns] == [("reply", 0), ("reply", 1), ("swipe", 1)]

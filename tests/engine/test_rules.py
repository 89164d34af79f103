"""RuleSet: every field but the name is a switch in the registry, and rule sets that are equal
hash alike (they key the engine's caches)."""

from dataclasses import fields, replace

from scoring.engine.rules import PRESETS, SWITCHES, RuleSet, parse_rules


def test_every_rule_field_is_a_registered_switch():
    kept = {f.name for f in fields(RuleSet) if f.init} - {"name"}
    assert kept == set(SWITCHES)
    assert list(RuleSet().switches()) == list(SWITCHES)


def test_equal_rule_sets_hash_alike_and_a_changed_one_does_not():
    tenhou = PRESETS["tenhou"].rules
    same = parse_rules({"preset": "tenhou"})
    assert same == tenhou and hash(same) == hash(tenhou)
    kiriage = replace(tenhou, kiriage=True)
    assert kiriage != tenhou and hash(kiriage) != hash(tenhou)
    assert {tenhou: 1, same: 2, kiriage: 3} == {tenhou: 2, kiriage: 3}


def test_every_switch_is_worded_both_ways():
    for switch in SWITCHES.values():
        assert len(switch.says) == len(switch.values), switch.name
        words = [switch.say(v) for v in switch.values]
        assert all(w and w == w.strip() and not w.endswith(".") for w in words), words
        assert len(set(words)) == len(words), switch.name

"""RuleSet: every field but the name is a switch in the registry, and rule sets that are equal
hash alike (they key the engine's caches)."""

from dataclasses import fields, replace

from scoring.engine.rules import PRESETS, SWITCHES, RuleSet, parse_rules


def test_every_rule_field_is_a_registered_switch():
    # the name and the number of players are the preset's (a three-player preset), no switch
    kept = {f.name for f in fields(RuleSet) if f.init} - {"name", "players"}
    assert kept == set(SWITCHES)
    # a four-player rule set's switches are the four-player ones; a three-player one's, all
    assert list(RuleSet().switches()) == [n for n, s in SWITCHES.items() if not s.sanma]
    assert list(RuleSet(players=3).switches()) == list(SWITCHES)


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


def test_every_table_rule_field_is_a_registered_table_switch():
    from scoring.engine.rules import TABLE_SWITCHES, TableRules

    kept = {f.name for f in fields(TableRules)} - {"name"}
    assert kept == set(TABLE_SWITCHES)
    assert list(TableRules().switches()) == list(TABLE_SWITCHES)


def test_every_preset_names_the_sources_of_its_table_rules():
    for name, preset in PRESETS.items():
        assert preset.table.name == name
        assert preset.table_sources, name
        assert any("Tenbō" in s for s in preset.table_sources), name


def test_a_table_switch_overrides_the_preset_and_reads_its_json_form():
    from scoring.engine.rules import MultipleRon, parse_table_rules

    rules, table = parse_table_rules(
        {"preset": "tenhou", "uma": [15, 5, -5, -15], "multiple_ron": "head_bump", "kiriage": True}
    )
    assert rules.kiriage and table.uma == (15, 5, -5, -15)
    assert table.multiple_ron is MultipleRon.HEAD_BUMP
    assert table.switches()["multiple_ron"] == "head_bump"
    assert PRESETS["tenhou"].table.multiple_ron is MultipleRon.DOUBLE  # the preset is unchanged


PINFU = {"hand": "123456m234p67899s", "win": "6s", "seat": "S", "round": "E"}  # 78s waits 6-9


def fu_of(tsumo: bool, pinfu_tsumo_fu: int, **extra) -> tuple[int, int]:
    from scoring.engine import score_json

    rules = {"preset": "tenhou", "pinfu_tsumo_fu": pinfu_tsumo_fu}
    answer = score_json({**PINFU, **extra, "tsumo": tsumo, "rules": rules})
    assert "error" not in answer, answer
    return answer["han"], answer["fu"]


def test_pinfu_by_tsumo_is_20_fu_or_keeps_the_tsumo_fu_where_the_switch_says():
    assert fu_of(True, 0) == (2, 20)  # pinfu + menzen tsumo, the tsumo's 2 fu waived
    assert fu_of(True, 2) == (2, 30)  # 20 + 2 = 22, rounded up to 30
    assert fu_of(False, 0) == fu_of(False, 2) == (1, 30)  # a ron is 30 fu either way
    # a tsumo that is not pinfu (a closed wait) has its 2 fu either way: 20 + 2 + 2 = 30
    closed = {"hand": "123456m234p56799s", "win": "6s"}
    assert fu_of(True, 0, **closed) == fu_of(True, 2, **closed) == (1, 30)
    assert all(p.rules.pinfu_tsumo_fu == 0 for p in PRESETS.values())

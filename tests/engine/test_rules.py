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
